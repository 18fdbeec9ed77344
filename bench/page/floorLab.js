// The lab copy's only script (bench/search-floor.ts): on each input event, the cells of the target grid are written
// directly, as the page would show them for the search box's value (window.__LAB, recorded from the real page).
// The cells on screen first, the others after the next paint, and a picture only for an item whose picture this page
// has shown before, or once typing pauses for 300 ms: the real grid's rules (src/ui/cellWriter.ts, ItemGrid.tsx).
(() => {
  const pages = window.__LAB;
  const input = document.querySelector('[data-testid="search-right"]');
  const cells = [...document.querySelector('[data-testid="grid-right"]').children];
  const onScreen = cells.map((c) => c.getBoundingClientRect().top < innerHeight);
  const seen = new Set();
  for (const c of cells) {
    const src = c.querySelector('img').getAttribute('src');
    if (src) seen.add(src);
  }
  const setAttr = (el, name, value) => {
    if (value === null) {
      if (el.hasAttribute(name)) el.removeAttribute(name);
    } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  };
  const setText = (el, value) => {
    if (el.firstChild && el.firstChild.nodeValue !== value) el.firstChild.nodeValue = value;
  };
  const write = (c, d, pictures) => {
    if (c.className !== d.cls) c.className = d.cls;
    setAttr(c, 'data-testid', d.testid);
    setAttr(c, 'aria-label', d.label);
    setAttr(c, 'aria-pressed', d.pressed);
    setAttr(c, 'title', d.title);
    setAttr(c, 'aria-hidden', d.hidden);
    if (c.disabled !== d.disabled) c.disabled = d.disabled;
    setText(c.querySelector('.cell__price'), d.price);
    setText(c.querySelector('.cell__line1'), d.l1);
    setText(c.querySelector('.cell__line2'), d.l2);
    const src = d.src && (pictures || seen.has(d.src)) ? d.src : null;
    if (src) seen.add(src);
    setAttr(c.querySelector('img'), 'src', src);
  };
  let frame = 0;
  let pause = 0;
  input.addEventListener('input', () => {
    const page = pages[input.value];
    if (!page) return;
    cancelAnimationFrame(frame);
    clearTimeout(pause);
    page.forEach((d, i) => {
      if (onScreen[i]) write(cells[i], d, false);
    });
    frame = requestAnimationFrame(() =>
      setTimeout(() =>
        page.forEach((d, i) => {
          if (!onScreen[i]) write(cells[i], d, false);
        }),
      ),
    );
    pause = setTimeout(() => page.forEach((d, i) => write(cells[i], d, true)), 300);
  });
})();
