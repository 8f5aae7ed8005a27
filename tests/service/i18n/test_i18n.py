"""Languages: every msgid of the code translated in zh and en; the page's language from the
user's setting, else the switch's cookie, else Accept-Language, else zh; the switch on every
page; the scripts' catalog."""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog
from sqlmodel import select

from service.db import db
from service.i18n import catalogs
from service.models import User
from tests.service.conftest import EN, csrf_token, login

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


def page_language(client, path: str = "/login", **headers) -> str:
    html = client.get(path, headers=headers).get_data(as_text=True)
    return re.search(r'<html lang="([^"]+)"', html).group(1)


def test_every_msgid_of_the_code_is_translated_in_zh_and_en():
    template = catalogs.extract()
    assert template.get("Sessions") is not None, "the extraction reads the templates"
    assert catalogs.problems(template) == []


def test_the_check_names_a_msgid_missing_from_the_catalogs():
    template = Catalog()
    template.add("Sessions", locations=[("service/templates/base.html", None)])
    template.add("a sentence nobody translated", locations=[("service/x.html", None)])
    assert catalogs.problems(template) == [
        "zh: missing 'a sentence nobody translated' (service/x.html)",
        "en: missing 'a sentence nobody translated' (service/x.html)",
    ]


def test_chinese_by_default_english_from_accept_language(client):
    html = client.get("/login").get_data(as_text=True)
    assert '<html lang="zh-CN">' in html and "<title>" in html
    assert page_language(client, **ZH) == "zh-CN"
    assert page_language(client, **{"Accept-Language": "fr-FR, de;q=0.8"}) == "zh-CN"
    assert page_language(client, **EN) == "en"
    assert page_language(client, **{"Accept-Language": "fr, en-GB;q=0.5"}) == "en"


def test_the_cookie_beats_accept_language_and_the_users_setting_beats_both(app, client):
    client.set_cookie("fupan_lang", "zh")
    assert page_language(client, **EN) == "zh-CN"
    client.set_cookie("fupan_lang", "xx")  # not a language of ours: ignored
    assert page_language(client, **EN) == "en"
    with app.app_context(), db() as session:
        alice = session.exec(select(User).where(User.username == "alice")).one()
        alice.language = "en"
        session.add(alice)
        session.commit()
    client.set_cookie("fupan_lang", "zh")
    login(client)
    assert page_language(client, "/", **ZH) == "en"


def test_the_switch_sets_the_cookie_and_the_users_setting(app, alice):
    html = alice.get("/sessions?club=x").get_data(as_text=True)
    form = re.search(r'<form method="post" action="/language".*?</form>', html, re.S).group(0)
    assert 'name="next" value="/sessions?club=x"' in form and 'value="en"' in form
    assert 'value="zh"' not in form  # only the other language is offered
    r = alice.post("/language", data={"lang": "en", "next": "/sessions?club=x",
                                      "csrf_token": csrf_token(alice, "/")})  # fmt: skip
    assert r.status_code == 302 and r.headers["Location"] == "/sessions?club=x"
    assert "fupan_lang=en" in r.headers["Set-Cookie"]
    with app.app_context(), db() as session:
        assert session.exec(select(User.language).where(User.username == "alice")).one() == "en"
    alice.delete_cookie("fupan_lang")
    assert page_language(alice, "/", **ZH) == "en"  # the setting follows the user


def test_the_switch_logged_out_sets_only_the_cookie_and_goes_back_only_on_this_site(client):
    r = client.post("/language", data={"lang": "en", "next": "https://evil.example/",
                                       "csrf_token": csrf_token(client)})  # fmt: skip
    assert r.status_code == 302 and r.headers["Location"] == "/"
    assert page_language(client, **ZH) == "en"
    bad = client.post("/language", data={"lang": "fr", "csrf_token": csrf_token(client)})
    assert bad.status_code == 400
    assert client.post("/language", data={"lang": "en"}).status_code == 400  # no CSRF token


def header(client, **headers) -> str:
    html = client.get("/", headers=headers).get_data(as_text=True)
    return re.search(r'<header class="top">.*</header>', html, re.S).group(0)


def test_the_nav_is_in_one_language(alice):
    zh = header(alice, **ZH)
    assert ">场次<" in zh and ">退出<" in zh and ">English<" in zh
    assert not re.search(r"Sessions|Upload|Record|Clubs|Log out", zh)
    en = header(alice, **EN)
    assert ">Sessions<" in en and ">Log out<" in en and ">中文<" in en
    assert not re.search(r"场次|上传|记分|俱乐部|退出|复盘", en)


def test_scripts_get_their_catalog_in_the_pages_language(client):
    html = client.get("/login", headers=EN).get_data(as_text=True)
    src = re.search(r'<script src="(/i18n/en\.js\?v=\w+)"></script>', html).group(1)
    r = client.get(src)
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.get_data(as_text=True).startswith('window.FUPAN_I18N = {"lang": "en", "messages": {')
    assert client.get("/i18n/fr.js").status_code == 404
