"""The play page tests' fixtures (a plugin of tests/conftest.py):
``base_url``, a server of our own on a loopback port; ``tab``, a page at
desktop size and at a phone's (two runs of the test); ``desk`` and
``phone``, one of each.  A page's console errors fail its test."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.play_support import DESKTOP, PHONE
from tests.test_serve_web import _need


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    try:
        from sumlogic.server import Settings, create_app, running
    except ImportError:
        _need("the serve extra (pip install 'sumlogic[serve]')")
    with running(create_app(Settings(workers=1))) as url:
        yield url


def new_tab(browser: Any, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda exception: errors.append(str(exception)))
    return page, errors


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, browser: Any) -> Iterator[Any]:
    """A page at desktop size and at a phone's; console errors fail the test."""
    page, errors = new_tab(browser, DESKTOP if request.param == "desktop" else PHONE)
    yield page
    page.close()
    assert errors == [], f"console errors: {errors}"


@pytest.fixture
def desk(browser: Any) -> Iterator[Any]:
    page, errors = new_tab(browser, DESKTOP)
    yield page
    page.close()
    assert errors == [], f"console errors: {errors}"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    page, errors = new_tab(browser, PHONE)
    yield page
    page.close()
    assert errors == [], f"console errors: {errors}"
