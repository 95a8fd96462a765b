"""Docent's theme in a real browser: headless Chromium reads the fixture site at desktop and phone widths.

Usage: browser_test.py SITE_FOLDER ARTIFACTS_FOLDER   (Tests/Browser/run.sh builds the site and calls this)

Checks, at 1280 px and at 390 px: no console errors on any page; no page-level horizontal scroll; no value in
the results column clipped; values line up with their code lines beside the code (desktop) or fold under them
(phone); whole values open on click and on Enter; the copy button copies the code as shown (no hidden lines, no
values, no `// =>` comments); the search box finds an article by a word only in its body; problems name lines,
never paths. Screenshots (light and dark, desktop and phone) go to ARTIFACTS_FOLDER. Exits 1 on any failure.
"""

import functools
import http.server
import json
import os
import socket
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

DESKTOP, PHONE = 1280, 390
VALUES = "basics/values/"
TEXT = "basics/errors-and-text/"
PAGES = ["", VALUES, TEXT, "series/fixture-basics/", "tags/", "tags/values/", "about/", "404.html"]

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"  FAIL {message}")
    return condition


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder):
    """A static server on a free loopback port, in a thread; returns (server, base URL)."""
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--window-size=1280,900", "--lang=en-US", "--disable-gpu"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service("/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else Service()
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    return driver


def set_width(driver, width, height=900):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def set_dark(driver, dark):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def load(driver, url):
    driver.get_log("browser")  # forget what earlier pages logged
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    # docent.js has run once every snippet has its copy button.
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('figure.snippet .snippet-code')].every("
        "p => p.closest('figure').querySelector('.copy-button'))"))
    time.sleep(0.3)


def severe_logs(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def screenshot(driver, path, full=True):
    if full:
        height = driver.execute_script("return Math.min(document.documentElement.scrollHeight, 8000)")
        width = driver.execute_script("return window.innerWidth")
        set_width(driver, width, height)
        time.sleep(0.3)
        driver.save_screenshot(path)
        set_width(driver, width)
        time.sleep(0.2)
    else:
        driver.save_screenshot(path)


CLIPPED_JS = """
const problems = [];
const describe = e => (e.closest('.line') ? 'line ' + e.closest('.line').dataset.line + ' ' : '') + JSON.stringify(e.textContent.slice(0, 40));
for (const e of document.querySelectorAll('.results, .result, .result-detail')) {
  if (e.scrollWidth > e.clientWidth + 1) problems.push('scrollWidth > clientWidth: ' + describe(e));
  if (e.classList.contains('results') && e.scrollHeight > e.clientHeight + 1) problems.push('scrollHeight > clientHeight: ' + describe(e));
  const style = getComputedStyle(e);
  if (style.textOverflow === 'ellipsis') problems.push('text-overflow: ellipsis on ' + describe(e));
  // Every piece of the value is inside the part of the code block the reader sees.
  const pre = e.closest('pre');
  if (!pre) continue;
  const box = pre.getBoundingClientRect();
  for (const r of e.getClientRects()) {
    if (r.width === 0) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1) problems.push('outside its code block: ' + describe(e));
  }
}
return problems;
"""

ALIGNMENT_JS = """
const rows = [];
for (const line of document.querySelectorAll('.snippet-code .line')) {
  const results = line.querySelector(':scope > .results');
  if (!results) continue;
  const code = line.querySelector(':scope > .code').getBoundingClientRect();
  const r = results.getBoundingClientRect();
  const folded = line.classList.contains('is-folded') || line.classList.contains('line-long') || r.top > code.top + 3;
  rows.push({line: line.dataset.line, folded, codeTop: code.top, codeBottom: code.bottom, top: r.top, left: r.left, codeRight: code.right});
}
return rows;
"""


def check_page_basics(driver, base, page, width):
    load(driver, base + page)
    name = f"{page or 'home'} at {width}px"
    logs = severe_logs(driver)
    check(not logs, f"{name}: console errors: {logs}")
    scroll, inner = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(scroll <= inner, f"{name}: page scrolls sideways (scrollWidth {scroll} > innerWidth {inner})")
    clipped = driver.execute_script(CLIPPED_JS)
    check(not clipped, f"{name}: clipped values: {clipped[:5]}")
    landmarks = driver.execute_script(
        "return ['header', 'nav', 'main', 'footer'].filter(s => !document.querySelector(s))")
    check(not landmarks, f"{name}: missing landmarks {landmarks}")
    favicon = driver.execute_script("const l = document.querySelector('link[rel=icon]'); return l && l.href")
    check(bool(favicon), f"{name}: no favicon link")


def check_alignment(driver, width):
    rows = driver.execute_script(ALIGNMENT_JS)
    check(len(rows) >= 5, f"values page at {width}px: expected values beside the code, found {len(rows)} rows")
    for row in rows:
        if row["folded"]:
            check(row["top"] >= row["codeBottom"] - 3,
                  f"at {width}px, line {row['line']}: a folded value must sit under its line ({row})")
        else:
            check(abs(row["top"] - row["codeTop"]) <= 3,
                  f"at {width}px, line {row['line']}: the value's top {row['top']:.1f} is not level with its line's {row['codeTop']:.1f}")
    beside = [row for row in rows if not row["folded"]]
    if width >= 1000:
        check(len(beside) >= 4, f"desktop: at least 4 values should sit beside their lines, {len(beside)} do")
        lefts = {round(row["left"]) for row in beside if row["line"] in {"21", "22", "23", "24", "25", "26", "27", "28"}}
        check(len(lefts) <= 1, f"desktop: the first snippet's values should share one column, lefts {sorted(lefts)}")
    else:
        check(not beside, f"phone: every value should fold under its line; beside: {[row['line'] for row in beside]}")


def check_expanding(driver, width):
    full = driver.find_element(By.CSS_SELECTOR, ".result[data-full]")
    whole = full.get_attribute("data-full")
    check(full.get_attribute("tabindex") == "0" and full.get_attribute("aria-expanded") == "false",
          f"at {width}px: an expandable value must be focusable with aria-expanded=false")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", full)
    full.click()
    time.sleep(0.2)
    check(full.get_attribute("aria-expanded") == "true", f"at {width}px: clicking a value does not expand it")
    detail = driver.execute_script(
        "const d = document.getElementById(arguments[0].getAttribute('aria-controls')); return d && d.textContent", full)
    check(detail is not None and whole in detail, f"at {width}px: the opened value does not show the whole value {whole[:40]}…")
    clipped = driver.execute_script(CLIPPED_JS)
    check(not clipped, f"at {width}px: clipped after opening a value: {clipped[:5]}")
    full.click()
    check(full.get_attribute("aria-expanded") == "false", f"at {width}px: clicking again does not close the value")

    repeated = driver.find_element(By.CSS_SELECTOR, ".result[data-count]")
    first, last, count = (repeated.get_attribute(a) for a in ("data-first", "data-last", "data-count"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", repeated)
    check(driver.switch_to.active_element == repeated, f"at {width}px: a repeated value cannot take focus")
    repeated.send_keys(Keys.ENTER)
    time.sleep(0.2)
    check(repeated.get_attribute("aria-expanded") == "true", f"at {width}px: Enter does not open a repeated value")
    detail = driver.execute_script(
        "const d = document.getElementById(arguments[0].getAttribute('aria-controls')); return d && d.textContent", repeated)
    check(detail is not None and first in detail and last in detail and count in detail,
          f"at {width}px: the opened repeated value lacks its count, first or last value: {detail!r}")
    repeated.send_keys(Keys.SPACE)
    time.sleep(0.1)
    check(repeated.get_attribute("aria-expanded") == "false", f"at {width}px: Space does not close a repeated value")


EXPECTED_COPY = "\n".join([
    "import Foundation",
    "let instant = Date(timeIntervalSince1970: 1_264_615_200)",
    "let formatter = ISO8601DateFormatter()",
    "formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]",
    "let stamp = formatter.string(from: instant)",
    "let numbers = Array(1...40)",
    'let capitals = ["France": "Paris", "Japan": "Tokyo", "Kenya": "Nairobi", "Peru": "Lima"]',
    "let count = numbers.count",
])


def check_copy(driver, width):
    driver.execute_script("""
        window.__copied = null;
        Object.defineProperty(navigator, 'clipboard', {configurable: true,
          value: {writeText: text => { window.__copied = text; return Promise.resolve(); }}});""")
    button = driver.find_element(By.CSS_SELECTOR, "figure.snippet .copy-button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    try:
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return window.__copied !== null"))
    except TimeoutException:
        check(False, f"at {width}px: the copy button did not call navigator.clipboard.writeText")
        return
    copied = driver.execute_script("return window.__copied")
    check("HIDDEN-LINE-MARKER" not in copied, f"at {width}px: the copied code includes a hidden line")
    check("// =>" not in copied and "2010-01-27T18:00:00.000Z" not in copied,
          f"at {width}px: the copied code includes a value or a // => comment")
    check(copied == EXPECTED_COPY, f"at {width}px: copied code differs:\n{copied}\n--- expected ---\n{EXPECTED_COPY}")
    check("Copied" in button.text, f"at {width}px: the copy button does not say Copied (says {button.text!r})")


def check_search(driver, base, width):
    load(driver, base + VALUES)
    try:
        field = WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#search input.pagefind-ui__search-input"))
    except TimeoutException:
        check(False, f"at {width}px: the search box did not appear (is pagefind/ in the site?)")
        return
    field.click()
    field.send_keys("quokkaquill")
    try:
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search .pagefind-ui__result-link"))
    except TimeoutException:
        check(False, f"at {width}px: searching for a word in an article's body found nothing")
        return
    titles = [link.text for link in driver.find_elements(By.CSS_SELECTOR, "#search .pagefind-ui__result-link")]
    check(any("Printed text and a compile error" in title for title in titles),
          f"at {width}px: search results {titles} do not include the article whose body has the word")
    clipped = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(clipped[0] <= clipped[1], f"at {width}px: the open search results make the page scroll sideways {clipped}")


def check_text_page(driver, base, width):
    load(driver, base + TEXT)
    problems = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".snippet-problems .diagnostic, .failure-message")]
    check(problems, "the compile-fail example shows no diagnostic")
    for text in problems:
        check(text.startswith("line ") and ".md" not in text and "content/" not in text,
              f"a problem must name its line, never a path: {text!r}")
    bidi = driver.execute_script(
        "return [...document.querySelectorAll('.snippet .output, .snippet .results')].map(e => getComputedStyle(e).unicodeBidi)")
    check(bidi and all(value == "plaintext" for value in bidi), f"output and results need unicode-bidi: plaintext, got {bidi}")
    link = driver.execute_script("const a = document.querySelector('.article-body a[href*=\"values\"]'); return a && a.href")
    check(bool(link) and link.startswith(base), f"the internal link to the first part is missing or wrong: {link}")


def check_keyboard(driver, base):
    load(driver, base + VALUES)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    check("skip-link" in (active.get_attribute("class") or ""), "the first Tab does not reach the skip link")
    visible = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.width > 0", active)
    check(visible, "the focused skip link is not visible")


def main():
    site, artifacts = sys.argv[1], sys.argv[2]
    os.makedirs(artifacts, exist_ok=True)
    check(os.path.exists(os.path.join(site, "pagefind", "pagefind-ui.js")), "the fixture site has no pagefind/ index")
    server, base = serve(site)
    driver = make_driver()
    try:
        for width in (DESKTOP, PHONE):
            print(f"At {width}px:")
            set_dark(driver, False)
            set_width(driver, width)
            for page in PAGES:
                check_page_basics(driver, base, page, width)
            load(driver, base + VALUES)
            check_alignment(driver, width)
            label = "desktop" if width == DESKTOP else "phone"
            screenshot(driver, os.path.join(artifacts, f"{label}-light.png"))
            check_expanding(driver, width)
            check_copy(driver, width)
            check_text_page(driver, base, width)
            screenshot(driver, os.path.join(artifacts, f"{label}-text-light.png"))
            set_dark(driver, True)
            load(driver, base + VALUES)
            check(not driver.execute_script(CLIPPED_JS), f"at {width}px dark: clipped values")
            screenshot(driver, os.path.join(artifacts, f"{label}-dark.png"))
            set_dark(driver, False)
            check_search(driver, base, width)
            screenshot(driver, os.path.join(artifacts, f"{label}-search.png"), full=False)
        set_width(driver, DESKTOP)
        check_keyboard(driver, base)
    except Exception:
        failures.append("the browser test crashed:\n" + traceback.format_exc())
    finally:
        driver.quit()
        server.shutdown()
    if failures:
        print(f"\nBrowser test: {len(failures)} failed checks (screenshots in {artifacts}):", file=sys.stderr)
        for failure in failures:
            print(f"  - {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"Browser test passed (screenshots in {artifacts}).")


if __name__ == "__main__":
    main()
