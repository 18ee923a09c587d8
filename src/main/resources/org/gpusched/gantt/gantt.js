// Zoom and pan of a gpusched Gantt chart, offline: the wheel zooms around the pointer, a drag pans,
// a double-click shows everything, and #t=FROM,TO in the address opens that window. Only the
// plot's viewBox changes (time across, lanes down); the axis is redrawn for the window shown.
// Written without the characters that would need escaping in HTML or XML.
(function () {
  var NS = 'http://www.w3.org/2000/svg';
  function fmt(v) { return String(Math.round(v * 100) / 100); }
  function step(span) {
    var p = Math.pow(10, Math.floor(Math.log10(span / 8)));
    var m = span / 8 / p;
    return p * (m > 5 ? 10 : m > 2 ? 5 : m > 1 ? 2 : 1);
  }
  function init(s) {
    if (s.getAttribute('data-ready')) { return; }
    var plot = s.querySelector('svg.plot');
    var axis = s.querySelector('g.axis');
    var label = s.querySelector('text.window');
    var T0 = Number(s.getAttribute('data-t0'));
    var T1 = Number(s.getAttribute('data-t1'));
    var unit = s.getAttribute('data-unit');
    var L = Number(plot.getAttribute('x'));
    var Y = Number(plot.getAttribute('y'));
    var W = Number(plot.getAttribute('width'));
    var H = Number(plot.getAttribute('height'));
    var full = T1 - T0;
    var a = T0;
    var b = T1;
    function line(x1, y1, x2, y2, cls) {
      var e = document.createElementNS(NS, 'line');
      e.setAttribute('x1', x1); e.setAttribute('y1', y1); e.setAttribute('x2', x2); e.setAttribute('y2', y2);
      e.setAttribute('class', cls);
      axis.appendChild(e);
    }
    function show(x0, x1) {
      var span = Math.min(full, Math.max(x1 - x0, Math.min(full, 4)));
      a = Math.max(T0, Math.min(x0, T1 - span));
      b = a + span;
      plot.setAttribute('viewBox', a + ' 0 ' + span + ' ' + H);
      s.style.setProperty('--k', String(span / full));
      while (axis.firstChild) { axis.removeChild(axis.firstChild); }
      var st = step(span);
      var t = Math.ceil(a / st) * st;
      while (!(t > b)) {
        var x = L + (t - a) / span * W;
        line(x, Y, x, Y + H, 'grid');
        line(x, Y + H, x, Y + H + 5, 'tick');
        var tx = document.createElementNS(NS, 'text');
        tx.setAttribute('x', x); tx.setAttribute('y', Y + H + 18); tx.setAttribute('class', 'tick-label');
        tx.textContent = fmt(t);
        axis.appendChild(tx);
        t += st;
      }
      label.textContent = 'window ' + fmt(a) + ' to ' + fmt(b) + ' ' + unit
          + ' (wheel: zoom, drag: pan, double-click: all)';
      s.setAttribute('data-window', fmt(a) + ',' + fmt(b));
    }
    function at(e) {
      var r = plot.getBoundingClientRect();
      return Math.max(0, Math.min(1, (e.clientX - r.left) / r.width));
    }
    s.addEventListener('wheel', function (e) {
      e.preventDefault();
      var f = at(e);
      var t = a + f * (b - a);
      var span = (b - a) * (e.deltaY > 0 ? 1.25 : 0.8);
      show(t - f * span, t - f * span + span);
    }, { passive: false });
    var drag = null;
    s.addEventListener('mousedown', function (e) { drag = { x: e.clientX, a: a, b: b }; });
    window.addEventListener('mouseup', function () { drag = null; });
    window.addEventListener('mousemove', function (e) {
      if (drag) {
        var dt = (drag.x - e.clientX) / plot.getBoundingClientRect().width * (drag.b - drag.a);
        show(drag.a + dt, drag.b + dt);
      }
    });
    s.addEventListener('dblclick', function () { show(T0, T1); });
    var m = /t=(-?[0-9.]+),(-?[0-9.]+)/.exec(window.location.hash);
    if (m) { show(Number(m[1]), Number(m[2])); } else { show(T0, T1); }
    s.setAttribute('data-ready', 'true');
  }
  document.querySelectorAll('svg.gantt-chart').forEach(init);
})();
