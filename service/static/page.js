// Small page behaviours: reload a session page once its verification finishes; forms that ask first.
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
  // A form with data-confirm asks in its <dialog> first (what it does, why) and sends on "yes"
  // only: through the API (resolve, reopen: data-key) or as the form it is (a ledger undo).
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    var dialog = document.getElementById(form.dataset.confirm);
    var button = form.querySelector("button[type=submit]");
    var said = document.createElement("p");
    said.className = "error";
    said.setAttribute("role", "alert");
    said.hidden = true;
    form.appendChild(said);
    var send = function () {
      button.disabled = true; // one tap, one correction (or mark)
      said.hidden = true;
      if (!form.dataset.key) { form.submit(); return; }
      fetch(form.getAttribute("action"), { method: "POST", body: new FormData(form), credentials: "same-origin", headers: { "X-CSRFToken": csrf, "Idempotency-Key": form.dataset.key } })
        .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw b; return b; }); })
        .then(function () { location.href = form.dataset.redirect; })
        .catch(function (b) { said.textContent = (b && b.message) || _("could not send it"); said.hidden = false; button.disabled = false; });
    };
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var action = form.querySelector("select[name=action]");
      var reason = form.querySelector("input[name=reason]");
      dialog.querySelector(".what").textContent = action
        ? _("%(hand)s: %(how)s", { hand: form.dataset.hand, how: action.selectedOptions[0].textContent })
        : form.dataset.what;
      var why = dialog.querySelector(".why");
      if (why) why.textContent = _("Reason: %(reason)s", { reason: reason.value.trim() });
      dialog.returnValue = "";
      dialog.onclose = function () { if (dialog.returnValue === "yes") send(); };
      dialog.showModal();
    });
  });
})();
