// Filters and line toggles of the gozilla HTML report. The filters can
// be set from the address: #status=lived,not_covered&op=ROR; lines with
// mutants shown open with #open.
(function () {
  "use strict";
  var boxes = document.querySelectorAll('input[name="status"]');
  var opSel = document.getElementById("op");
  // The statuses in the order a line's colour takes them: what needs a
  // look first.
  var order = [];
  boxes.forEach(function (b) { order.push(b.value); });
  function apply() {
    var on = {};
    boxes.forEach(function (b) { on[b.value] = b.checked; });
    var op = opSel.value, shown = 0;
    document.querySelectorAll("tr.mutants").forEach(function (row) {
      var any = false, worst = -1;
      row.querySelectorAll("li.mutant").forEach(function (li) {
        var vis = on[li.dataset.status] && (op === "" || li.dataset.op === op);
        li.hidden = !vis;
        if (vis) {
          any = true; shown++;
          var r = order.indexOf(li.dataset.status);
          if (worst < 0 || r < worst) { worst = r; }
        }
      });
      // The line's colour is that of the mutants the filters show.
      var line = row.previousElementSibling;
      order.forEach(function (st) { line.classList.remove("st-" + st); });
      if (worst >= 0) { line.classList.add("st-" + order[worst]); }
      line.classList.toggle("filtered", !any);
      row.previousElementSibling.querySelector("button.toggle").disabled = !any;
      if (!any) { row.hidden = true; }
    });
    document.getElementById("shown").textContent = shown + " mutants shown";
  }
  function toggle(btn, open) {
    var row = btn.closest("tr").nextElementSibling;
    if (open === undefined) { open = row.hidden; }
    row.hidden = !open;
    btn.setAttribute("aria-expanded", open ? "true" : "false");
  }
  document.querySelectorAll("button.toggle").forEach(function (b) {
    b.addEventListener("click", function () { toggle(b); });
  });
  boxes.forEach(function (b) { b.addEventListener("change", apply); });
  opSel.addEventListener("change", apply);
  var params = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
    var i = kv.indexOf("=");
    if (kv) { params[i < 0 ? kv : kv.slice(0, i)] = i < 0 ? "" : decodeURIComponent(kv.slice(i + 1)); }
  });
  if (params.status !== undefined) {
    var want = params.status.split(",");
    boxes.forEach(function (b) { b.checked = want.indexOf(b.value) >= 0; });
  }
  if (params.op !== undefined) { opSel.value = params.op; }
  apply();
  if (params.open !== undefined) {
    document.querySelectorAll("button.toggle:not([disabled])").forEach(function (b) { toggle(b, true); });
  }
  // A link to a line (the functions' survivors) opens its mutants.
  function openLine() {
    var id = location.hash.replace(/^#/, "");
    if (!/^f\d+-L\d+$/.test(id)) { return; }
    var row = document.getElementById(id);
    var btn = row && row.querySelector("button.toggle:not([disabled])");
    if (btn) { toggle(btn, true); row.scrollIntoView(); }
  }
  window.addEventListener("hashchange", openLine);
  openLine();
})();
