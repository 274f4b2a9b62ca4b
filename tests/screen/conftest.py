import pytest

from tests.screen.screens import CHROMIUM, launch


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for the module's tests; skipped, saying why, without one."""
    if CHROMIUM is None:
        pytest.skip("no headless Chromium here (.ci/run installs Debian's)")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        chromium = launch(driver)
        yield chromium
        chromium.close()
