// Docent's page script: copy buttons on code, whole values in the results column, folded results, keyboard
// scrolling for wide blocks, the contents list following the reader, and the search box (Pagefind, loaded on
// first use), when the site has one.
// Everything here enhances pages that already work without it.
(function () {
  "use strict";

  // ---- Copy buttons ----

  var copyIcon = '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M5 1.5A1.5 1.5 0 0 1 6.5 0h6A1.5 1.5 0 0 1 14 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 5 10.5zm1.5-.25a.25.25 0 0 0-.25.25v9c0 .14.11.25.25.25h6a.25.25 0 0 0 .25-.25v-9a.25.25 0 0 0-.25-.25zM2 5.5A1.5 1.5 0 0 1 3.5 4H4v1.25h-.5a.25.25 0 0 0-.25.25v9c0 .14.11.25.25.25h6a.25.25 0 0 0 .25-.25V15h1.25v.5A1.5 1.5 0 0 1 9.5 16h-6A1.5 1.5 0 0 1 2 14.5z"/></svg>';

  /// The code of a snippet as the reader sees it: the visible lines, without values or `// =>` comments.
  function snippetText(pre) {
    var lines = [];
    pre.querySelectorAll(".line > .code").forEach(function (code) {
      lines.push(code.textContent.replace(/\n$/, ""));
    });
    return lines.join("\n");
  }

  function copyWithSelection(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    area.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }

  function copy(text) {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      return navigator.clipboard.writeText(text).catch(function () { return copyWithSelection(text); });
    }
    return copyWithSelection(text);
  }

  function addCopyButtons() {
    document.querySelectorAll("figure.snippet").forEach(function (figure) {
      var pre = figure.querySelector(".snippet-code");
      var bar = figure.querySelector(".snippet-bar");
      if (!pre || !bar || bar.querySelector(".copy-button")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "copy-button";
      button.setAttribute("data-pagefind-ignore", "");
      button.innerHTML = copyIcon + '<span class="copy-label">Copy</span>';
      button.setAttribute("aria-label", "Copy code");
      var label = button.querySelector(".copy-label");
      var status = document.createElement("span");
      status.className = "visually-hidden";
      status.setAttribute("role", "status");
      var timer = null;
      button.addEventListener("click", function () {
        copy(snippetText(pre)).then(function () {
          label.textContent = "Copied";
          status.textContent = "Code copied";
          button.setAttribute("data-copied", "");
        }, function () {
          label.textContent = "Press Ctrl+C";
          status.textContent = "Copying failed";
          var range = document.createRange();
          range.selectNodeContents(pre);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        });
        clearTimeout(timer);
        timer = setTimeout(function () {
          label.textContent = "Copy";
          status.textContent = "";
          button.removeAttribute("data-copied");
        }, 2000);
      });
      bar.appendChild(button);
      bar.appendChild(status);
    });
  }

  // ---- Results: whole values and repeated lines open under their line ----

  var detailCount = 0;

  function detailPart(label, value) {
    var fragment = document.createDocumentFragment();
    var heading = document.createElement("span");
    heading.className = "result-detail-label";
    heading.textContent = label;
    var text = document.createElement("span");
    text.className = "result-detail-value";
    text.textContent = value;
    fragment.appendChild(heading);
    fragment.appendChild(text);
    return fragment;
  }

  function buildDetail(result) {
    var detail = document.createElement("span");
    detail.className = "result-detail";
    detail.id = "result-detail-" + (++detailCount);
    detail.setAttribute("role", "region");
    detail.setAttribute("data-pagefind-ignore", "");
    var count = result.getAttribute("data-count");
    if (count) {
      detail.setAttribute("aria-label", "Values of this line, " + count + " times");
      detail.appendChild(detailPart("First of " + count + " values", result.getAttribute("data-first") || ""));
      detail.appendChild(detailPart("Last value", result.getAttribute("data-last") || ""));
    } else {
      detail.setAttribute("aria-label", "Whole value");
      detail.appendChild(detailPart("Whole value", result.getAttribute("data-full") || result.textContent));
    }
    if (result.getAttribute("data-cut") === "true") {
      var note = document.createElement("span");
      note.className = "result-detail-note";
      note.textContent = "The value is longer still: Docent keeps only its beginning.";
      detail.appendChild(note);
    }
    return detail;
  }

  function toggleResult(result) {
    var line = result.closest(".line");
    if (!line) return;
    var open = result.getAttribute("aria-expanded") === "true";
    var existing = result._docentDetail;
    if (open) {
      if (existing) existing.remove();
      result._docentDetail = null;
      result.setAttribute("aria-expanded", "false");
      return;
    }
    var detail = buildDetail(result);
    // Under the line, after any detail already open for an earlier value of the same line.
    var after = line.querySelector(".results");
    line.querySelectorAll(".result-detail").forEach(function (open) { after = open; });
    after.insertAdjacentElement("afterend", detail);
    result._docentDetail = detail;
    result.setAttribute("aria-controls", detail.id);
    result.setAttribute("aria-expanded", "true");
  }

  function enhanceResults() {
    document.querySelectorAll(".snippet-code .result[data-full], .snippet-code .result[data-count]").forEach(function (result) {
      result.setAttribute("role", "button");
      result.setAttribute("tabindex", "0");
      result.setAttribute("aria-expanded", "false");
      if (result.hasAttribute("title")) result.removeAttribute("title");
      result.setAttribute("aria-label", (result.hasAttribute("data-count") ? "Show first and last values: " : "Show whole value: ")
        + result.textContent);
    });
    document.addEventListener("click", function (event) {
      var result = event.target.closest && event.target.closest(".result[aria-expanded]");
      if (result) toggleResult(result);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " " && event.key !== "Spacebar") return;
      var result = event.target.closest && event.target.closest(".result[aria-expanded]");
      if (!result) return;
      event.preventDefault();
      toggleResult(result);
    });
  }

  // ---- Folded results: a line whose values found no room beside it shows them under it ----

  /// A line's values sit beside it while they fit on one row of the results column; otherwise (no room for the
  /// column, or a value longer than it) they fold under the line, where they have the block's whole width.
  function markFolded() {
    var lines = Array.prototype.slice.call(document.querySelectorAll(".snippet-code .line"));
    var measured = [];
    lines.forEach(function (line) { line.classList.remove("is-folded"); });
    lines.forEach(function (line) {
      var results = line.querySelector(":scope > .results");
      var code = line.querySelector(":scope > .code");
      if (!results || !code || line.classList.contains("line-long")) return;
      var codeBox = code.getBoundingClientRect();
      var resultsBox = results.getBoundingClientRect();
      var rowHeight = parseFloat(getComputedStyle(code).lineHeight) || codeBox.height;
      var besideIt = resultsBox.top < codeBox.top + 2;
      var oneRow = resultsBox.height < rowHeight * 1.5;
      measured.push([line, !(besideIt && oneRow)]);
    });
    measured.forEach(function (entry) { if (entry[1]) entry[0].classList.add("is-folded"); });
  }

  function watchFolding() {
    markFolded();
    var pending = false;
    window.addEventListener("resize", function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; markFolded(); });
    });
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(markFolded);
  }

  // ---- Blocks that scroll sideways can be scrolled from the keyboard ----

  /// A code, output or message block (or a wide table) that is wider than the page takes focus (`tabindex="0"`),
  /// so arrow keys scroll it; a block given focus this way is named for screen readers (`role="group"` with a
  /// label: a bare `<pre>` cannot carry one). Blocks that fit are left out of the tab order. Measured again on resize.
  function blockName(block) {
    var failure = block.closest(".expected, .actual");
    var heading = failure && failure.querySelector(".failure-heading");
    if (heading) return heading.textContent;
    if (block.classList.contains("diagnostic")) return "Compiler message";
    if (block.classList.contains("output")) return "Output";
    return "Code";
  }

  function markScrollable() {
    document.querySelectorAll("main pre, main table").forEach(function (block) {
      var scrolls = block.scrollWidth > block.clientWidth + 1;
      var marked = block.hasAttribute("data-scrolls");
      if (scrolls && !marked) {
        if (block.hasAttribute("tabindex")) return; // focusable already, by the author's choice
        block.setAttribute("data-scrolls", "");
        block.setAttribute("tabindex", "0");
        if (block.tagName === "PRE" && !block.hasAttribute("role")) {
          block.setAttribute("role", "group");
          block.setAttribute("data-scrolls-role", "");
        }
        if (block.tagName === "PRE" && !block.hasAttribute("aria-label") && !block.hasAttribute("aria-labelledby")) {
          block.setAttribute("aria-label", blockName(block));
          block.setAttribute("data-scrolls-label", "");
        }
      } else if (!scrolls && marked) {
        block.removeAttribute("data-scrolls");
        block.removeAttribute("tabindex");
        if (block.hasAttribute("data-scrolls-role")) { block.removeAttribute("role"); block.removeAttribute("data-scrolls-role"); }
        if (block.hasAttribute("data-scrolls-label")) { block.removeAttribute("aria-label"); block.removeAttribute("data-scrolls-label"); }
      }
    });
  }

  function watchScrollable() {
    markScrollable();
    var pending = false;
    window.addEventListener("resize", function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; markScrollable(); });
    });
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(markScrollable);
  }

  // ---- Contents: the section being read is marked in the list ----

  function followContents() {
    var links = Array.prototype.slice.call(document.querySelectorAll(".toc a[href^='#']"));
    if (!links.length || !("IntersectionObserver" in window)) return;
    var byId = {};
    var headings = [];
    links.forEach(function (link) {
      var id = decodeURIComponent(link.getAttribute("href").slice(1));
      var heading = document.getElementById(id);
      if (heading) { byId[id] = link; headings.push(heading); }
    });
    var visible = new Set();
    function update() {
      var current = null;
      headings.forEach(function (heading) {
        if (heading.getBoundingClientRect().top < window.innerHeight * 0.35) current = heading;
      });
      links.forEach(function (link) { link.removeAttribute("aria-current"); });
      if (current && byId[current.id]) byId[current.id].setAttribute("aria-current", "location");
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { if (entry.isIntersecting) visible.add(entry.target); else visible.delete(entry.target); });
      update();
    }, { rootMargin: "0px 0px -60% 0px" });
    headings.forEach(function (heading) { observer.observe(heading); });
    window.addEventListener("scroll", function () { window.requestAnimationFrame(update); }, { passive: true });
    update();
  }

  // ---- Search: Pagefind's UI, loaded when a reader first uses the search box ----

  /// The header's search box starts as a plain labelled field; the ~120 KB Pagefind interface is fetched on its
  /// first focus, click or keystroke and then takes the field's place (same label, same text, same focus).
  function startSearch() {
    var box = document.querySelector(".site-search[data-pagefind]");
    if (!box || location.protocol === "file:") return;
    var field = box.querySelector(".search-field");
    var label = box.querySelector(".search-label");
    if (!field || !label) return;
    var base = box.getAttribute("data-pagefind");
    box.hidden = false;
    var started = false;

    function fail() {
      box.hidden = true; // the site has no search index after all
    }

    function mount() {
      if (typeof window.PagefindUI !== "function") return fail();
      var holder = document.createElement("div");
      holder.id = "search-ui";
      holder.className = "search-ui";
      box.appendChild(holder);
      var hadFocus = document.activeElement === field;
      var ui;
      try {
        ui = new window.PagefindUI({ element: "#search-ui", showSubResults: true, showImages: false,
                                     autofocus: hadFocus, translations: { placeholder: field.placeholder } });
      } catch (error) {
        holder.remove();
        return fail();
      }
      var input = holder.querySelector("input");
      if (!input) return;
      var text = field.value;
      field.remove();
      input.id = field.id;
      label.htmlFor = input.id;
      box.classList.add("search-ready");
      if (hadFocus) input.focus();
      if (text) ui.triggerSearch(text);
    }

    function begin() {
      if (started) return;
      started = true;
      var style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = base + "pagefind-ui.css";
      document.head.insertBefore(style, document.head.querySelector("link[rel=stylesheet]"));
      var script = document.createElement("script");
      script.src = base + "pagefind-ui.js";
      script.onerror = function () { script.remove(); fail(); };
      script.onload = mount;
      document.head.appendChild(script);
    }

    ["focus", "pointerdown", "input"].forEach(function (name) { field.addEventListener(name, begin); });
  }

  // Escape closes the search results.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var input = document.querySelector(".site-search input");
    if (input && input.value) {
      var clear = document.querySelector(".site-search .pagefind-ui__search-clear");
      if (clear) clear.click();
    }
  });

  function start() {
    addCopyButtons();
    enhanceResults();
    watchFolding();
    watchScrollable();
    followContents();
    startSearch();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
