"""Fixtures for the web tests: an app on a fresh SQLite file, users in two clubs, log-in helpers,
and for the browser tests the app served on a free port, headless Chromium and a screenshot folder."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest
from jinja2.bccache import Bucket, BytecodeCache
from werkzeug.serving import make_server

from events import db as events_db
from service.accounts import auth
from service.app import create_app
from service.i18n import catalogs
from tests.conftest import BACKGROUND_BUDGET
from workers.celery_app import wait_embedded

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CLUB, OTHER_CLUB = "东门俱乐部", "西门俱乐部"
PASSWORD = "correct horse 42"
# The tests' users get a cheap hash (a scrypt hash or check costs ~0.16 s of CPU, and every app
# makes three users); test_web_auth checks that an app configured as in production uses scrypt.
CHEAP_HASH = {"PASSWORD_HASH_METHOD": "pbkdf2:sha256:1"}
EN = {"Accept-Language": "en-US,en;q=0.9"}  # pages are in Chinese unless asked otherwise
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]  # fmt: skip


@pytest.fixture
def web_database_url(data_dir, monkeypatch) -> str:
    """SQLite in the test's data dir (migrated on first use); test_web_postgres overrides it."""
    url = f"sqlite:///{data_dir / 'fupan.sqlite3'}"
    monkeypatch.setenv("FUPAN_DATABASE_URL", url)
    return url


# The pages' translations and templates come from the source files, which no test changes: the
# tests' apps share them. Each app would compile the catalogs into its own data dir, extract the
# scripts' strings and compile every template it renders again (~0.2 s of CPU a test).
_SCRIPT_CATALOGS: dict[str, tuple[str, str]] = {}


class _CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in memory for every app of the process (keyed by the
    template's name and checked against its source's checksum, as Jinja's own caches are)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _CompiledTemplates()


@pytest.fixture(scope="session")
def _compiled_catalogs(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("translations")


@pytest.fixture
def app(web_database_url, monkeypatch, _compiled_catalogs):
    monkeypatch.setenv("FUPAN_SECRET_KEY", "test-secret")
    compile_to = catalogs.compile_to
    monkeypatch.setattr(catalogs, "compile_to", lambda _dest: compile_to(_compiled_catalogs))
    events_db.dispose_all()
    app = create_app({"TESTING": True, **CHEAP_HASH})
    app.extensions["fupan_js_catalogs"] = _SCRIPT_CATALOGS
    app.jinja_env.bytecode_cache = _TEMPLATES
    with app.app_context():
        alice = auth.create_user("alice", PASSWORD, display_name="阿强")
        bob = auth.create_user("bob", PASSWORD)
        carol = auth.create_user("carol", PASSWORD)
        club, other = auth.get_or_create_club(CLUB), auth.get_or_create_club(OTHER_CLUB)
        auth.add_member(alice, club, "admin", player="阿强")
        auth.add_member(bob, other, "member")
        auth.add_member(carol, club, "auditor")
    yield app
    wait_embedded(
        BACKGROUND_BUDGET
    )  # a verification queued by this test must not run in the next one's database
    events_db.dispose_all()


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client, path: str = "/login") -> str:
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)


def login(client, username: str = "alice", password: str = PASSWORD):
    return client.post(
        "/login",
        data={"username": username, "password": password, "csrf_token": csrf_token(client)},
    )


@pytest.fixture
def alice(client):
    assert login(client).status_code == 302
    return client


def fixture_log(relative: str, club: str = CLUB) -> bytes:
    """A fixture log with its session moved to ``club`` (the fixtures name their own clubs)."""
    import json

    lines = (FIXTURES / relative).read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["club"] = club
    return "\n".join([json.dumps(first, ensure_ascii=False), *lines[1:]]).encode("utf-8") + b"\n"


def upload(client, data: bytes, name: str = "night.jsonl", **headers):
    """Upload through the API as the browser does (multipart, CSRF header)."""
    import io

    return client.post(
        "/api/v1/sessions",
        data={"file": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
        headers={"X-CSRFToken": csrf_token(client, "/upload"), **headers},
    )


def verified(client, data: bytes) -> str:
    """Upload ``data`` and wait for the embedded worker; the session id."""
    response = upload(client, data)
    assert response.status_code == 201, response.get_json()
    assert wait_embedded(BACKGROUND_BUDGET)
    return response.get_json()["accepted"][0]["session_id"]


@pytest.fixture
def live(app):
    """The app served by Werkzeug on a free port, for the browser."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


class BrowserUnderTest:
    """The launched browser, whose pages and contexts bypass the Content Security Policy unless a
    test asks for it (``bypass_csp=False``): Playwright evaluates a string predicate
    (``wait_for_function("…")``) with ``eval`` in the page, which the policy forbids.
    ``test_browser_csp.py`` opens every page under the policy."""

    def __init__(self, chromium):
        self.chromium = chromium

    def new_context(self, **options):
        return self.chromium.new_context(**{"bypass_csp": True, **options})

    def new_page(self, **options):
        return self.chromium.new_page(**{"bypass_csp": True, **options})

    def __getattr__(self, name):
        return getattr(self.chromium, name)


@pytest.fixture
def browser():
    """Debian's Chromium under Playwright."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield BrowserUnderTest(chromium)
        chromium.close()


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where screenshots go: ``$FUPAN_SCREENSHOTS`` (docs/screenshots for the docs), else a
    temporary folder."""
    folder = Path(os.environ.get("FUPAN_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}  # fmt: skip


def phone_login(browser, live, device: dict = PHONE):
    """A browser context (a phone unless ``device`` says otherwise) logged in as alice:
    (context, page, page errors)."""
    context = browser.new_context(**{"locale": "zh-CN", **device})  # the clubs' browsers
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live}/login")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live}/")
    return context, page, errors


def no_sideways_scroll(page) -> None:
    """The page is no wider than the window: nothing to swipe sideways to (phones)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("innerWidth"), (page.url, width)


def draw_every_chart(page, timeout: int = 60_000) -> None:
    """Scroll to each chart of the page in turn (each is drawn only once in view) and wait until
    it is drawn; back to the top after."""
    charts = page.locator(".chart[data-src]")
    for i in range(charts.count()):
        charts.nth(i).scroll_into_view_if_needed()
        charts.nth(i).locator(".main-svg").first.wait_for(state="attached", timeout=timeout)
    page.evaluate("window.scrollTo(0, 0)")


PLAYERS = ["阿强", "小李", "老王", "阿芳"]  # the recorder tests' table


def phone_at_table(browser, live, ruleset: str, table: str, players=PLAYERS, before_submit=None):
    """:func:`phone_login`, then :func:`open_table` from /record: (context, page, page errors,
    session id), the page on the session's win form."""
    context, page, errors = phone_login(browser, live)
    page.goto(f"{live}/record")
    return context, page, errors, open_table(page, live, ruleset, table, players, before_submit)


def open_table(page, live, ruleset: str, table: str, players=PLAYERS, before_submit=None,
               club: str | None = CLUB) -> str:  # fmt: skip
    """Open a recorder session from the /record form the page is on (``club``: None keeps the
    form's own choice; ``players`` in seats E S W N; ``before_submit(page)`` runs on the filled
    form); its id, the page on the session's win form."""
    if club is not None:
        page.select_option("#open-form select[name=club]", club)
    page.fill("#open-form input[name=table]", table)
    page.select_option("#open-form select[name=ruleset]", ruleset)
    for seat, name in zip("ESWN", players, strict=True):
        page.fill(f"#open-form input[data-seat={seat}]", name)
    if before_submit:
        before_submit(page)
    page.click("#open-form button[type=submit]")
    page.wait_for_url(f"{live}/record/*")
    page.wait_for_selector("#winner button[data-seat=S]")
    return page.url.rsplit("/", 1)[1]


def tap_tiles(page, tiles: str) -> None:
    """Tap ``tiles`` (an mpsz string) on the recorder's tile keyboard."""
    from engine.tiles import parse_tiles

    for t in parse_tiles(tiles):
        page.click(f"#keyboard .key[data-t='{t}']")


def stored_records(app, session_id: str) -> list[dict]:
    """A session's records as the store holds them (what a browser test saved)."""
    from events import store
    from service.db import engine

    with app.app_context():
        return store.read_records(session_id=session_id, engine=engine())
