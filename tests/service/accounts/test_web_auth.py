"""Log-in, log-out, CSRF, API tokens, club administration and error pages."""

from __future__ import annotations

from tests.service.conftest import CLUB, OTHER_CLUB, PASSWORD, csrf_token, login


def test_pages_need_a_login(client):
    for path in ("/", "/upload", "/clubs", "/account", f"/clubs/{CLUB}/ledger", "/players/阿强"):
        response = client.get(path)
        assert response.status_code == 302, path
        assert "/login" in response.headers["Location"]


def test_login_with_wrong_password_is_refused(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = login(client, "alice", "not the password")
    assert response.status_code == 401
    assert "wrong user name or password" in response.get_data(as_text=True)
    assert client.get("/").status_code == 302


def test_login_then_logout(client):
    assert login(client).status_code == 302
    assert client.get("/").status_code == 200
    response = client.post("/logout", data={"csrf_token": csrf_token(client, "/")})
    assert response.status_code == 302
    assert client.get("/").status_code == 302


def test_login_redirects_only_within_the_site(client):
    token = csrf_token(client)
    data = {"username": "alice", "password": PASSWORD, "csrf_token": token}
    evil = client.post("/login?next=https://evil.example/", data=data)
    assert evil.headers["Location"] == "/"
    client.post("/logout", data={"csrf_token": csrf_token(client, "/")})
    good = client.post("/login?next=/upload", data={**data, "csrf_token": csrf_token(client)})
    assert good.headers["Location"] == "/upload"


def test_forms_without_csrf_token_are_refused(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post("/login", data={"username": "alice", "password": PASSWORD})
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)
    login(client)
    assert client.post("/logout").status_code == 400
    assert client.post("/account", data={"label": "x"}).status_code == 400


def test_api_needs_a_token(client):
    response = client.get("/api/v1/sessions")
    assert response.status_code == 401
    assert response.get_json()["error"] == "unauthorized"
    assert "Bearer" in response.headers["WWW-Authenticate"]
    bad = client.get("/api/v1/sessions", headers={"Authorization": "Bearer fp_nonsense"})
    assert bad.status_code == 401


def test_token_issue_use_and_revoke(alice, client):
    html = alice.post(
        "/account", data={"label": "tablet", "csrf_token": csrf_token(alice, "/account")}
    )
    text = html.get_data(as_text=True)
    token = text.split('id="new-token">')[1].split("<")[0]
    assert token.startswith("fp_")
    headers = {"Authorization": f"Bearer {token}"}
    me = client.get("/api/v1/me", headers=headers).get_json()
    assert me["username"] == "alice"
    assert [c["name"] for c in me["clubs"]] == [CLUB]
    token_id = text.split('name="token_id" value="')[1].split('"')[0]
    alice.post(
        "/account",
        data={
            "action": "revoke",
            "token_id": token_id,
            "csrf_token": csrf_token(alice, "/account"),
        },
    )
    client.post("/logout", data={"csrf_token": csrf_token(client, "/")})
    assert client.get("/api/v1/me", headers=headers).status_code == 401


def test_token_is_stored_hashed(app, alice):
    from sqlmodel import select

    from service.db import db
    from service.models import ApiToken

    text = alice.post("/account", data={"csrf_token": csrf_token(alice, "/account")}).get_data(
        as_text=True
    )
    token = text.split('id="new-token">')[1].split("<")[0]
    with app.app_context():
        with db() as session:
            stored = session.exec(select(ApiToken.token_hash)).all()
    assert stored and token not in stored and all(len(h) == 64 for h in stored)


def test_passwords_are_hashed(app):
    from sqlmodel import select

    from service.db import db
    from service.models import User

    with app.app_context():
        with db() as session:
            hashes = session.exec(select(User.password_hash)).all()
    assert all(PASSWORD not in h and h.startswith(("scrypt:", "pbkdf2:")) for h in hashes)


def test_an_app_configured_as_in_production_hashes_with_scrypt(data_dir, monkeypatch):
    """The tests' apps hash cheaply (PASSWORD_HASH_METHOD); an app without it uses scrypt, for
    its users and for the check an unknown name costs."""
    from service.accounts import auth
    from service.app import create_app

    monkeypatch.setenv("FUPAN_DATABASE_URL", f"sqlite:///{data_dir / 'p.sqlite3'}")
    monkeypatch.setenv("FUPAN_SECRET_KEY", "test-secret")
    checked = []
    real = auth.check_password_hash
    monkeypatch.setattr(auth, "check_password_hash", lambda h, p: checked.append(h) or real(h, p))
    with create_app({"TESTING": True}).app_context():
        user = auth.create_user("dora", PASSWORD)
        found = auth.authenticate("dora", PASSWORD)
        assert found is not None and found.id == user.id
        assert auth.authenticate("nobody-at-all", PASSWORD) is None
    assert user.password_hash.startswith("scrypt:") and PASSWORD not in user.password_hash
    assert [h.split("$")[0] for h in checked] == [user.password_hash.split("$")[0]] * 2


def test_club_admin_adds_a_member_but_a_member_cannot(client, alice):
    alice.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    token = csrf_token(alice, "/clubs")
    alice.post(
        "/clubs",
        data={
            "club": CLUB,
            "username": "bob",
            "role": "auditor",
            "player": "小李",
            "csrf_token": token,
        },
    )
    listed = alice.get("/clubs").get_data(as_text=True)
    assert "<td>bob</td><td>auditor</td><td>小李</td>" in listed
    assert "<td>carol</td><td>auditor</td>" in listed
    alice.post("/logout", data={"csrf_token": csrf_token(alice, "/")})
    login(client, "bob")
    page = client.get("/clubs").get_data(as_text=True)
    assert CLUB in page and "<h2>Members" not in page  # bob is no admin: no member list
    refused = client.post(
        "/clubs",
        data={
            "club": OTHER_CLUB,
            "username": "carol",
            "role": "admin",
            "csrf_token": csrf_token(client, "/clubs"),
        },
    )
    assert refused.status_code == 403
    nowhere = client.post(
        "/clubs",
        data={
            "club": "无此俱乐部",
            "username": "carol",
            "csrf_token": csrf_token(client, "/clubs"),
        },
    )
    assert nowhere.status_code == 404


def test_unknown_pages_show_a_short_error(alice):
    page = alice.get("/no/such/page")
    assert page.status_code == 404
    assert "Traceback" not in page.get_data(as_text=True)
    api = alice.get("/api/v1/no/such")
    assert api.status_code == 404 and api.get_json()["error"] == "not_found"


def test_crashes_show_no_stack_trace(app, client):
    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    page = client.get("/boom")
    assert page.status_code == 500
    assert "secret internals" not in page.get_data(as_text=True)
    assert "Traceback" not in page.get_data(as_text=True)


def test_cookie_key_is_kept_in_the_data_dir(data_dir, monkeypatch):
    from service.app import create_app

    monkeypatch.delenv("FUPAN_SECRET_KEY", raising=False)
    monkeypatch.setenv("FUPAN_DATABASE_URL", f"sqlite:///{data_dir / 'k.sqlite3'}")
    first = create_app().config["SECRET_KEY"]
    assert len(first) == 64 and create_app().config["SECRET_KEY"] == first
    assert (data_dir / "web-secret-key").stat().st_mode & 0o077 == 0
    assert [p.name for p in data_dir.iterdir() if p.name.startswith("web-secret-key")] == [
        "web-secret-key"
    ]


def test_club_admin_adds_a_member_through_the_api(app, alice):
    alice.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    token = csrf_token(alice, "/")
    response = alice.post(
        f"/api/v1/clubs/{CLUB}/members",
        json={"username": "bob", "role": "auditor", "player": "小李"},
        headers={"X-CSRFToken": token},
    )
    assert response.status_code == 201
    assert {"username": "bob", "role": "auditor", "player": "小李"} in response.get_json()[
        "members"
    ]
    unknown = alice.post(
        f"/api/v1/clubs/{CLUB}/members", json={"username": "nobody"}, headers={"X-CSRFToken": token}
    )
    assert unknown.status_code == 400 and "no user" in unknown.get_json()["message"]
    bad_role = alice.post(
        f"/api/v1/clubs/{CLUB}/members",
        json={"username": "bob", "role": "boss"},
        headers={"X-CSRFToken": token},
    )
    assert bad_role.status_code == 400
    carol = app.test_client()
    login(carol, "carol")  # an auditor, not an admin
    refused = carol.post(
        f"/api/v1/clubs/{CLUB}/members",
        json={"username": "bob"},
        headers={"X-CSRFToken": csrf_token(carol, "/")},
    )
    assert refused.status_code == 403
