#!/usr/bin/env python3
"""The results browser in headless Chromium (integration/browser/run.sh): list, filter, visit, test,
playback. Usage: check.py ADDRESS SHOTS_DIR. Prints each check and 'N passed, N failed'."""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

address, shots = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


options = webdriver.ChromeOptions()
for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1000",
                 "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"):
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 20)
try:
    # Without the token: the data routes refuse, and the page says what to do.
    driver.get(address.split("?")[0] + "api/list")
    check("no token: refused with what to do", "needs the access token" in driver.page_source)

    driver.get(address)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "tr.visit"))
    rows = driver.find_elements(By.CSS_SELECTOR, "tr.visit")
    files = driver.find_elements(By.CSS_SELECTOR, "tr.file")
    check("list: one visit, one loose file", len(rows) == 1 and len(files) == 1, f"{len(rows)} {len(files)}")
    check("list: participant, protocol, statuses", "P007" in rows[0].text and "Pilot protocol" in rows[0].text
          and "clock done" in rows[0].text and "maze skipped" in rows[0].text, rows[0].text)
    driver.save_screenshot(f"{shots}/1-list.png")
    driver.find_element(By.ID, "filter").send_keys("maze")
    visible = [r for r in driver.find_elements(By.CSS_SELECTOR, "tr.visit, tr.file") if r.is_displayed()]
    check("filter 'maze' keeps the visit (a maze test) and the maze file", len(visible) == 2, str(len(visible)))
    driver.find_element(By.ID, "filter").send_keys(" P007")
    visible = [r for r in driver.find_elements(By.CSS_SELECTOR, "tr.visit, tr.file") if r.is_displayed()]
    check("filter 'maze P007' keeps the visit only", len(visible) == 1, str(len(visible)))

    rows[0].find_element(By.TAG_NAME, "a").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "tr.test"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".timeline"))
    tests = driver.find_elements(By.CSS_SELECTOR, "tr.test")
    check("visit: two tests, the skip reason shown", len(tests) == 2 and "operator: tired" in tests[1].text,
          " | ".join(t.text for t in tests))
    driver.save_screenshot(f"{shots}/2-visit.png")

    tests[0].find_element(By.TAG_NAME, "a").click()
    wait.until(lambda d: d.find_elements(By.ID, "ink"))
    canvas = driver.find_element(By.ID, "ink")
    # The step with the most ink (a replayed recording's first step may hold a few points only).
    best = driver.execute_script("""
        const pick = document.getElementById('step'); let best = 0, most = -1;
        for (const option of pick.options) {
          pick.value = option.value; pick.dispatchEvent(new Event('change'));
          const n = +document.getElementById('ink').dataset.total;
          if (n > most) { most = n; best = option.value; }
        }
        pick.value = best; pick.dispatchEvent(new Event('change')); return best;""")
    time.sleep(0.5)
    total = int(canvas.get_attribute("data-total"))
    check("test: the ink has points", total > 100, str(total))
    blank = driver.execute_script("return document.getElementById('ink').toDataURL()")
    driver.save_screenshot(f"{shots}/3-test-start.png")
    driver.find_element(By.ID, "speed").send_keys("4")
    driver.find_element(By.ID, "play").click()
    time.sleep(1.0)
    middle = driver.execute_script("return document.getElementById('ink').toDataURL()")
    drawn_middle = int(canvas.get_attribute("data-drawn"))
    check("playback changes the canvas over time", middle != blank and drawn_middle > 0, str(drawn_middle))
    driver.save_screenshot(f"{shots}/4-test-playing.png")
    # The scrubber to the end: every point drawn, the last stroke reached.
    driver.execute_script("const s = document.getElementById('scrub'); s.value = 1000; s.dispatchEvent(new Event('input'));")
    drawn_end = int(canvas.get_attribute("data-drawn"))
    check("scrubbing to the end reaches the last stroke", drawn_end == total, f"{drawn_end} of {total}")
    end = driver.execute_script("return document.getElementById('ink').toDataURL()")
    check("the end differs from the middle", end != middle)
    driver.find_element(By.ID, "colour").send_keys("colour by pressure")
    check("colour by pressure redraws the canvas",
          driver.execute_script("return document.getElementById('ink').toDataURL()") != end)
    driver.save_screenshot(f"{shots}/5-test-end-pressure.png")
    check("no patient details before the key is unlocked", driver.find_elements(By.ID, "password") != []
          and "lastName" not in driver.page_source)
finally:
    driver.quit()

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
