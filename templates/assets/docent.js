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

  function span(className, text) {
    var element = document.createElement("span");
    element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function detailPart(label, value) {
    var fragment = document.createDocumentFragment();
    fragment.appendChild(span("result-detail-label", label));
    fragment.appendChild(span("result-detail-value", value));
    return fragment;
  }

  /// A JSON list from a data attribute, or an empty one.
  function listOf(result, name) {
    try {
      var list = JSON.parse(result.getAttribute(name) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (error) {
      return [];
    }
  }

  function historyItem(ordinal, value, className) {
    var item = span("result-history-item" + (className ? " " + className : ""));
    item.setAttribute("role", "listitem");
    item.appendChild(span("result-history-ordinal", ordinal));
    item.appendChild(span("result-history-value", value));
    return item;
  }

  /// The values a place produced, numbered, in order (`[[1, "a"], [2, "b"], [1000, "z"]]`); the values the runtime
  /// did not keep (between the first ones and the last) are one "…" item saying how many.
  function historyList(values, count, label) {
    var list = span("result-history");
    list.setAttribute("role", "list");
    list.setAttribute("aria-label", label);
    var previous = 0;
    function gap(upTo) {
      var missing = upTo - previous;
      if (missing > 0) list.appendChild(historyItem("…", missing + (missing === 1 ? " more value" : " more values"), "result-history-gap"));
    }
    values.forEach(function (pair) {
      if (!Array.isArray(pair) || pair.length !== 2) return;
      gap(pair[0] - 1);
      list.appendChild(historyItem(String(pair[0]), String(pair[1])));
      previous = pair[0];
    });
    gap(count);
    return list;
  }

  function timesText(count) { return count === 1 ? "1 value" : count + " values"; }

  function buildDetail(result) {
    var detail = span("result-detail");
    detail.id = "result-detail-" + (++detailCount);
    detail.setAttribute("role", "region");
    detail.setAttribute("data-pagefind-ignore", "");
    var count = Number(result.getAttribute("data-count") || 0);
    var elsewhere = listOf(result, "data-elsewhere");
    if (count) {
      var history = listOf(result, "data-history");
      detail.setAttribute("aria-label", "Values of this line, " + count + " times");
      var kept = history.length === count ? "All " + count + " values, in order"
        : count + " values: the first " + (history.length - 1) + " and the last";
      detail.appendChild(span("result-detail-label", kept));
      detail.appendChild(historyList(history, count, kept));
    } else if (!result.classList.contains("result-elsewhere")) {
      detail.setAttribute("aria-label", result.hasAttribute("data-full") ? "Whole value" : "Value of this line");
      detail.appendChild(detailPart(result.hasAttribute("data-full") ? "Whole value" : "Value",
                                    result.getAttribute("data-full") || result.textContent));
    } else {
      detail.setAttribute("aria-label", "Values of this line from other examples");
    }
    // What other examples' code made this line produce (a function called further down), each example apart.
    elsewhere.forEach(function (other) {
      var total = Number(other.count) || 0;
      var label = span("result-detail-label result-detail-from");
      label.appendChild(document.createTextNode("From "));
      var target = other.href && document.getElementById(other.href.slice(1));
      if (target) {
        var link = document.createElement("a");
        link.href = other.href;
        link.textContent = other.from;
        label.appendChild(link);
      } else {
        label.appendChild(document.createTextNode(String(other.from || "another example")));
      }
      label.appendChild(document.createTextNode(": " + total + "×"));
      detail.appendChild(label);
      detail.appendChild(historyList(Array.isArray(other.values) ? other.values : [], total,
                                     timesText(total) + " from " + (other.from || "another example")));
    });
    if (result.getAttribute("data-cut") === "true") {
      detail.appendChild(span("result-detail-note", "The value is longer still: Docent keeps only its beginning."));
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
    document.querySelectorAll(".snippet-code .result[data-full], .snippet-code .result[data-count], .snippet-code .result[data-elsewhere]")
      .forEach(function (result) {
      result.setAttribute("role", "button");
      result.setAttribute("tabindex", "0");
      result.setAttribute("aria-expanded", "false");
      if (result.hasAttribute("title")) result.removeAttribute("title");
      var several = result.hasAttribute("data-count") || result.hasAttribute("data-elsewhere");
      result.setAttribute("aria-label", (several ? "Show values: " : "Show whole value: ") + result.textContent);
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

  // ---- The results column: where it starts, how wide a snippet grows, which values fold ----

  /// Each snippet is laid out from measurements: the widths of its code lines and of their values. Its code
  /// column (`--code-width`) is chosen so that as many values as possible sit beside their lines on one row, with
  /// as little code wrapping as possible; on a wide screen the snippet may grow into the room beside the text
  /// (up to its CSS max-width) when that lets more values sit beside. A value that still has no room folds under
  /// the last line of its statement. Long code lines wrap with a hanging indent instead of scrolling.
  var phone = window.matchMedia ? window.matchMedia("(max-width: 37.5rem)") : null;

  function indentOf(text) {
    var match = /^[ \t]*/.exec(text);
    return match ? match[0].replace(/\t/g, "    ").length : 0;
  }

  /// How a line's code changes the bracket depth, ignoring strings and comments, and whether it ends with an
  /// operator, a comma or a dot (so the statement goes on).
  function scan(text) {
    var depth = 0, quote = false, i;
    for (i = 0; i < text.length; i++) {
      var c = text[i];
      if (quote) { if (c === "\\") i++; else if (c === '"') quote = false; continue; }
      if (c === '"') quote = true;
      else if (c === "/" && text[i + 1] === "/") break;
      else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
    }
    var code = text.slice(0, i).replace(/\s+$/, "");
    return { depth: depth, open: /(?:[=+\-*\/%<>&|^?:,.(\[]|\.\.\.|\.\.<)$/.test(code) && !/->$/.test(code) };
  }

  /// The last line of the statement that starts on `lines[index]`: while brackets are open, a line ends with an
  /// operator or the next one starts with a dot or an operator, the statement goes on (never into a `{` block).
  function statementEnd(lines, index) {
    var depth = 0, last = index;
    for (var i = index; i < lines.length; i++) {
      var text = lines[i].code.textContent.replace(/\n$/, "");
      if (i > index) {
        var trimmed = text.trim();
        var continues = depth > 0 || lines[i - 1]._open || /^(?:\.|\.\.\.|\.\.<|&&|\|\||\?\?|[+\-*\/%<>=:?])/.test(trimmed);
        if (!continues || trimmed === "" || lines[i].results) break;
        last = i;
      }
      var found = scan(text);
      depth = Math.max(0, depth + found.depth);
      lines[i]._open = found.open && !/\{\s*$/.test(text);
    }
    return last;
  }

  /// The code column that folds the fewest values and wraps the fewest lines in `room` pixels of code and values.
  function chooseColumn(rows, room, gap) {
    var valued = rows.filter(function (row) { return row.results; });
    var candidates = valued.map(function (row) { return row.codeWidth; })
      .concat(valued.map(function (row) { return room - gap - row.valueWidth; }));
    var best = null;
    candidates.forEach(function (column) {
      column = Math.min(column, room - gap);
      if (column <= 0) return;
      var cost = 0;
      valued.forEach(function (row) {
        var folds = row.valueWidth > room - gap - column + 0.5;
        if (folds) cost += row.codeWidth > room + 0.5 ? 1.5 : 1;
        else if (row.codeWidth > column + 0.5) cost += 0.5;
      });
      if (!best || cost < best.cost - 1e-6 || (Math.abs(cost - best.cost) < 1e-6 && column < best.column)) {
        best = { column: column, cost: cost };
      }
    });
    return best;
  }

  function layoutResults() {
    var pres = Array.prototype.slice.call(document.querySelectorAll("pre.snippet-code"));
    // Put back what an earlier layout changed.
    pres.forEach(function (pre) {
      pre.querySelectorAll(".results").forEach(function (results) {
        if (results._home && results.parentNode !== results._home) results._home.insertBefore(results, results._home.querySelector(".result-detail"));
      });
      pre.querySelectorAll(".line").forEach(function (line) {
        line.classList.remove("is-folded", "line-long", "holds-folded");
      });
      var figure = pre.closest("figure.snippet");
      if (figure) figure.style.width = "";
      pre.removeAttribute("data-laid-out");
    });
    var isPhone = phone && phone.matches;
    // Measure every snippet at once: lines unwrapped, the figure as wide as it may grow.
    document.documentElement.classList.add("docent-measuring");
    var plans = pres.map(function (pre) {
      var figure = pre.closest("figure.snippet");
      var style = getComputedStyle(pre);
      var padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      var maxRoom = pre.clientWidth - padding;
      var rows = Array.prototype.slice.call(pre.querySelectorAll(".line")).map(function (line) {
        var code = line.querySelector(":scope > .code");
        var results = line.querySelector(":scope > .results");
        return { line: line, code: code, results: results,
                 codeWidth: code ? code.getBoundingClientRect().width : 0,
                 valueWidth: results ? results.getBoundingClientRect().width : 0 };
      });
      return { pre: pre, figure: figure, rows: rows, maxRoom: maxRoom, padding: padding,
               chrome: figure ? figure.getBoundingClientRect().width - pre.clientWidth : 0 };
    });
    document.documentElement.classList.remove("docent-measuring");
    // The room each snippet has without growing.
    plans.forEach(function (plan) {
      plan.baseRoom = plan.pre.clientWidth - plan.padding;
      var sample = plan.pre.querySelector(".results"), style = sample && getComputedStyle(sample);
      plan.gap = style ? parseFloat(style.marginLeft) + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth) + 1 : 0;
    });

    plans.forEach(function (plan) {
      var rows = plan.rows;
      rows.forEach(function (row) { if (row.code) row.code.style.setProperty("--indent", indentOf(row.code.textContent)); });
      if (!rows.some(function (row) { return row.results; })) return;
      var room = plan.baseRoom, best = chooseColumn(rows, room, plan.gap);
      if (!isPhone && best && best.cost > 0 && plan.maxRoom > plan.baseRoom + 1) {
        var wide = chooseColumn(rows, plan.maxRoom, plan.gap);
        if (wide && wide.cost < best.cost) { best = wide; room = plan.maxRoom; }
      }
      if (!best) return;
      var column = best.column, needed = 0;
      var code = plan.pre.querySelector("code");
      code.style.setProperty("--code-width", column + "px");
      rows.forEach(function (row) {
        var folds = isPhone || (row.results && row.valueWidth > room - plan.gap - column + 0.5);
        if (row.results && !folds) needed = Math.max(needed, column + plan.gap + row.valueWidth);
        else needed = Math.max(needed, Math.min(row.codeWidth, room));
        row.folds = row.results && folds;
      });
      if (room > plan.baseRoom && plan.figure) {
        plan.figure.style.width = Math.ceil(Math.max(plan.baseRoom, needed) + plan.padding + plan.chrome) + "px";
      }
      plan.pre.setAttribute("data-laid-out", "");
    });

    // Check what the browser made of it: a value not level with its line, or on more than one row, folds.
    plans.forEach(function (plan) {
      if (!plan.pre.hasAttribute("data-laid-out")) {
        plan.rows.forEach(function (row) { if (row.results) row.folds = true; });
        return;
      }
      plan.rows.forEach(function (row) {
        if (!row.results || row.folds) return;
        var codeBox = row.code.getBoundingClientRect(), box = row.results.getBoundingClientRect();
        var rowHeight = parseFloat(getComputedStyle(row.code).lineHeight) || 20;
        if (!(box.top < codeBox.top + 2 && box.height < rowHeight * 1.5)) row.folds = true;
      });
    });

    // Folded values go under the last line of their statement.
    plans.forEach(function (plan) {
      var rows = plan.rows;
      rows.forEach(function (row, index) {
        if (!row.folds) return;
        row.line.classList.add("is-folded");
        var end = statementEnd(rows, index);
        if (end === index) return;
        row.results._home = row.line;
        rows[end].line.classList.add("is-folded", "holds-folded");
        rows[end].line.appendChild(row.results);
      });
    });
  }

  function watchFolding() {
    layoutResults();
    var pending = false, width = window.innerWidth;
    window.addEventListener("resize", function () {
      if (pending || window.innerWidth === width) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; width = window.innerWidth; layoutResults(); });
    });
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(layoutResults);
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
