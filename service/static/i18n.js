// The page's language for scripts: FupanI18n.gettext / ngettext / label over the catalog that
// /i18n/<lang>.js loads (window.FUPAN_I18N). Placeholders as in Python: "%(name)s".
// In a script: var _ = FupanI18n.gettext; then _("Save") — pybabel extracts the msgids.
(function (global) {
  "use strict";
  var catalog = global.FUPAN_I18N || { lang: "zh", messages: {} };

  function format(s, vars) {
    return vars ? s.replace(/%\((\w+)\)[sd]/g, function (m, k) { return k in vars ? vars[k] : m; }) : s;
  }

  function gettext(msgid, vars) {
    var s = catalog.messages[msgid];
    return format(typeof s === "string" && s ? s : msgid, vars);
  }

  function ngettext(singular, plural, n, vars) {
    var forms = catalog.messages[singular];
    var index = catalog.lang === "zh" ? 0 : (n === 1 ? 0 : 1);  // zh has one form, en two
    var s = Array.isArray(forms) && forms[index] ? forms[index] : (n === 1 ? singular : plural);
    return format(s, Object.assign({ num: n }, vars || {}));
  }

  // An engine label ({code, zh, en}) in the page's language, as the server's `label` filter.
  function label(entry) {
    if (!entry) return "";
    var other = catalog.lang === "zh" ? "en" : "zh";
    return entry[catalog.lang] || entry[other] || entry.code || "";
  }

  // A label before what it names, ended by the language's colon (as the server's `colon`
  // filter): "牌墙：" in Chinese, "wall: " in English; never an ASCII colon after Chinese.
  function colon(said) {
    return gettext("%(label)s: ", { label: said });
  }

  // The items of a list joined as the server's `listed` filter: "、" in Chinese (东 老王、南 阿芳),
  // ", " in English; never an ASCII comma after Chinese.
  function listed(items) {
    return items.join(gettext("%(items)s, %(item)s", { items: "", item: "" }));
  }

  global.FupanI18n = { lang: catalog.lang, gettext: gettext, ngettext: ngettext, label: label, colon: colon,
                       listed: listed };
})(window);
