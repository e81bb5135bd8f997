// The atlas's two tools, from the page's own table (no data besides it, no network):
// a filter that shows only the measures satisfying every ticked property, and two
// measures side by side.  Each matrix cell carries data-col (its column) and data-verdict.
"use strict";
(function () {
  function cellsOf(row) {
    var out = {};
    row.querySelectorAll("td[data-col]").forEach(function (td) { out[td.dataset.col] = td; });
    return out;
  }
  document.querySelectorAll("form.filter").forEach(function (form) {
    var table = document.getElementById(form.dataset.table);
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
    var count = form.querySelector("output");
    function apply() {
      var needed = Array.prototype.slice.call(form.querySelectorAll("input:checked")).map(function (b) { return b.value; });
      var shown = 0;
      rows.forEach(function (row) {
        var cells = cellsOf(row);
        var ok = needed.every(function (col) { return cells[col] && cells[col].dataset.verdict === "holds"; });
        row.hidden = !ok;
        shown += ok ? 1 : 0;
      });
      count.textContent = shown + " of " + rows.length + " measures shown";
    }
    form.addEventListener("change", apply);
    form.addEventListener("reset", function () { setTimeout(apply, 0); });
    apply();
  });
  document.querySelectorAll("div.compare").forEach(function (box) {
    var table = document.getElementById(box.dataset.table);
    var selects = box.querySelectorAll("select");
    var body = box.querySelector("tbody");
    var heads = Array.prototype.slice.call(table.querySelectorAll("thead th[data-col]"));
    function rowOf(name) {
      return table.querySelector('tbody tr[data-measure="' + CSS.escape(name) + '"]');
    }
    function copy(td) {
      var out = document.createElement("td");
      if (td) { out.innerHTML = td.innerHTML; }
      return out;
    }
    function show() {
      var a = rowOf(selects[0].value), b = rowOf(selects[1].value);
      var ca = a ? cellsOf(a) : {}, cb = b ? cellsOf(b) : {};
      body.textContent = "";
      var formulas = document.createElement("tr");
      formulas.appendChild(document.createElement("th")).textContent = "formula";
      [selects[0].value, selects[1].value].forEach(function (name) {
        var td = formulas.appendChild(document.createElement("td"));
        td.className = "l";
        var f = document.querySelector('#formulas [data-measure="' + CSS.escape(name) + '"][data-kind="' + box.dataset.kind + '"]');
        if (f) { td.innerHTML = f.innerHTML; }
      });
      body.appendChild(formulas);
      heads.forEach(function (th) {
        var col = th.dataset.col, tr = document.createElement("tr");
        var label = tr.appendChild(document.createElement("th"));
        label.className = "l";
        label.textContent = th.textContent;
        tr.appendChild(copy(ca[col]));
        tr.appendChild(copy(cb[col]));
        var va = ca[col] ? ca[col].dataset.verdict : "", vb = cb[col] ? cb[col].dataset.verdict : "";
        if (va !== vb) { tr.className = "differs"; }
        body.appendChild(tr);
      });
    }
    selects.forEach(function (s) { s.addEventListener("change", show); });
    show();
  });
})();
