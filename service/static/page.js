// Small page behaviours: reload a session page once its verification finishes; resolve forms via the API.
(function () {
  "use strict";
  var _ = FupanI18n.gettext;
  var status = document.getElementById("status");
  if (status && status.dataset.status === "pending") {
    var poll = function () {
      fetch(status.dataset.url, { credentials: "same-origin" }).then(function (r) { return r.json(); })
        .then(function (s) { if (s.status !== "pending") location.reload(); else setTimeout(poll, 1500); });
    };
    setTimeout(poll, 1000);
  }
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var dialog = document.getElementById("resolve-dialog");
  document.querySelectorAll("form.resolve").forEach(function (form) {
    var button = form.querySelector("button[type=submit]");
    var said = document.createElement("p");
    said.className = "error";
    said.setAttribute("role", "alert");
    said.hidden = true;
    form.appendChild(said);
    var send = function () {
      button.disabled = true; // one tap, one resolution
      said.hidden = true;
      fetch(form.getAttribute("action"), { method: "POST", body: new FormData(form), credentials: "same-origin", headers: { "X-CSRFToken": csrf, "Idempotency-Key": form.dataset.key } })
        .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw b; return b; }); })
        .then(function () { location.href = form.dataset.redirect; })
        .catch(function (b) { said.textContent = (b && b.message) || _("could not resolve"); said.hidden = false; button.disabled = false; });
    };
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      // a resolution is appended for good (a settlement correction, no undo): say what it does
      var how = form.querySelector("select[name=action]").selectedOptions[0].textContent;
      dialog.querySelector("#resolve-what").textContent = _("%(hand)s: %(how)s", { hand: form.dataset.hand, how: how });
      dialog.querySelector("#resolve-why").textContent = _("Reason: %(reason)s", { reason: form.querySelector("input[name=reason]").value.trim() });
      dialog.returnValue = "";
      dialog.onclose = function () { if (dialog.returnValue === "yes") send(); };
      dialog.showModal();
    });
  });
})();
