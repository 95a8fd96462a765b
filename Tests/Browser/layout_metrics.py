"""How well values sit beside their lines: the numbers issue 21 sets targets for, read in a real browser.

For every article page with snippets: the lines with values, how many of them fold (their values drawn under the
code instead of in the results column beside it), and the snippets whose code scrolls sideways. browser_test.py
asserts on these; run alone it prints them for a served site:

    .build/tools/venv/bin/python3 Tests/Browser/layout_metrics.py http://127.0.0.1:8000/ [SITE_FOLDER] [WIDTH …]

With SITE_FOLDER, every page under it that has a snippet is measured (default widths 1280, 1600, 390).
"""

import os
import sys
import time

METRICS_JS = """
const lines = [...document.querySelectorAll('.snippet-code .line')].filter(l => l.querySelector(':scope > .results'));
const folded = [];
for (const line of lines) {
  const code = line.querySelector(':scope > .code').getBoundingClientRect();
  const results = line.querySelector(':scope > .results').getBoundingClientRect();
  // Beside: level with the line's first row and to the right of its code.
  const beside = Math.abs(results.top - code.top) <= 3 && results.left >= code.left + 1
    && !line.classList.contains('is-folded') && !line.classList.contains('line-long');
  if (!beside) folded.push(line.dataset.line + ' ' + JSON.stringify(line.querySelector(':scope > .code').textContent.trim().slice(0, 50)));
}
const scrolling = [...document.querySelectorAll('pre.snippet-code')].filter(p => p.scrollWidth > p.clientWidth + 1)
  .map(p => (p.querySelector('.line') || {dataset: {}}).dataset.line + ' ' + JSON.stringify(p.textContent.trim().slice(0, 50)));
return {lines: lines.length, folded, snippets: document.querySelectorAll('pre.snippet-code').length, scrolling,
        pageScroll: document.documentElement.scrollWidth > window.innerWidth};
"""


def snippet_pages(site):
    """The site's pages (paths relative to its root, as URLs) whose HTML has a snippet's code."""
    pages = []
    for folder, _, files in os.walk(site):
        for name in files:
            if not name.endswith(".html"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as file:
                if 'class="snippet-code"' not in file.read():
                    continue
            relative = os.path.relpath(path, site).replace(os.sep, "/")
            pages.append(relative[: -len("index.html")] if relative.endswith("index.html") else relative)
    return sorted(pages)


def measure(driver, base, pages, width, set_width, load):
    """Totals over `pages` at `width`: lines with values, folded ones, snippets, sideways-scrolling ones (with names)."""
    set_width(driver, width)
    total = {"lines": 0, "folded": [], "snippets": 0, "scrolling": [], "pageScroll": []}
    for page in pages:
        load(driver, base + page)
        found = driver.execute_script(METRICS_JS)
        total["lines"] += found["lines"]
        total["snippets"] += found["snippets"]
        total["folded"] += [f"{page} line {line}" for line in found["folded"]]
        total["scrolling"] += [f"{page} line {line}" for line in found["scrolling"]]
        if found["pageScroll"]:
            total["pageScroll"].append(page)
    return total


def summary(width, total):
    share = len(total["folded"]) / total["lines"] if total["lines"] else 0
    return (f"{width}px: {len(total['folded'])} of {total['lines']} lines with values fold ({share:.0%}); "
            f"{len(total['scrolling'])} of {total['snippets']} snippets scroll sideways; "
            f"pages scrolling sideways: {len(total['pageScroll'])}")


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import browser_test
    base = sys.argv[1]
    site = sys.argv[2] if len(sys.argv) > 2 else None
    widths = [int(w) for w in sys.argv[3:]] or [1280, 1600, 390]
    pages = snippet_pages(site) if site else [""]
    driver = browser_test.make_driver()
    try:
        for width in widths:
            total = measure(driver, base, pages, width, browser_test.set_width, browser_test.load)
            print(summary(width, total))
            shots = os.environ.get("SHOTS")  # a folder: a screenshot of each page's top at each width
            if shots:
                os.makedirs(shots, exist_ok=True)
                for page in pages:
                    browser_test.load(driver, base + page)
                    name = (page.strip("/").replace("/", "-") or "home") + f"-{width}.png"
                    browser_test.screenshot(driver, os.path.join(shots, name))
            if os.environ.get("VERBOSE"):
                for item in total["folded"] + ["scrolls: " + s for s in total["scrolling"]]:
                    print("   ", item)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
