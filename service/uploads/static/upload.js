// Upload each dropped/chosen file to the API, show its line-numbered errors or its live status.
(function () {
  "use strict";
  var _ = FupanI18n.gettext, ngettext = FupanI18n.ngettext;
  var form = document.getElementById("upload-form");
  var input = document.getElementById("files");
  var zone = document.getElementById("dropzone");
  var results = document.getElementById("results");
  var csrf = document.querySelector('meta[name="csrf-token"]').content;

  function item(name) {
    var li = document.createElement("li");
    var b = document.createElement("b"); b.textContent = name;
    var status = document.createElement("span"); status.className = "status"; status.textContent = " " + _("uploading…");
    li.append(b, status); results.prepend(li);
    return { li: li, status: status };
  }

  function showErrors(row, body) {
    row.li.classList.add("rejected");
    row.status.innerHTML = "";
    var badge = document.createElement("span"); badge.className = "badge dispute"; badge.textContent = _("rejected");
    row.status.append(" ", badge, " " + _("nothing was stored"));
    var pre = document.createElement("pre"); pre.className = "errors";
    // each error's text names its line and field in the page's language (the API's "text")
    pre.textContent = (body.errors || []).map(function (e) { return e.text; }).join("\n")
      || body.message || _("rejected");
    row.li.append(pre);
  }

  function poll(row, url, link) {
    fetch(url, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (s) {
      var badge = s.status === "pending" ? '<span class="badge pending">' + _("verifying") + '…</span>'
        : s.status === "failed" ? '<span class="badge dispute">' + _("audit failed") + "</span>"
        : (s.disputes ? '<span class="badge dispute">' + ngettext("%(num)d dispute", "%(num)d disputes", s.disputes) + "</span> " : "")
          + (s.anomalies ? '<span class="badge anomaly">' + ngettext("%(num)d anomaly", "%(num)d anomalies", s.anomalies) + "</span> " : "")
          + (!s.disputes && !s.anomalies ? '<span class="badge ok">' + _("ok") + "</span>" : "");
      row.status.innerHTML = ' <a href="' + link + '">' + _("view") + "</a> " + badge;
      row.li.dataset.status = s.status;
      if (s.status === "pending") setTimeout(function () { poll(row, url, link); }, 1000);
    });
  }

  function send(file) {
    var row = item(file.name);
    var data = new FormData(); data.append("file", file);
    fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin", headers: { "X-CSRFToken": csrf } })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        var ok = (body.accepted || [])[0];
        if (ok && !ok.created) {  // the same file again: nothing new, say so and where it is
          row.li.classList.add("accepted", "duplicate");
          var note = document.createElement("p"); note.className = "already";
          var link = document.createElement("a"); link.href = ok.page_url; link.textContent = _("open the stored session");
          note.append(_("Already stored: this exact file was uploaded before, nothing new was stored") + " — ", link);
          row.li.append(note);
        }
        if (ok) { row.li.classList.add("accepted"); poll(row, ok.status_url, ok.page_url); }
        else showErrors(row, (body.rejected || [])[0] || body);
      })
      .catch(function () { showErrors(row, { message: _("the upload failed (too large, or the server is unreachable)") }); });
  }

  form.addEventListener("submit", function (e) { e.preventDefault(); Array.from(input.files).forEach(send); input.value = ""; });
  ["dragenter", "dragover"].forEach(function (n) { zone.addEventListener(n, function (e) { e.preventDefault(); zone.classList.add("over"); }); });
  ["dragleave", "drop"].forEach(function (n) { zone.addEventListener(n, function (e) { e.preventDefault(); zone.classList.remove("over"); }); });
  zone.addEventListener("drop", function (e) { Array.from(e.dataTransfer.files).forEach(send); });
})();
