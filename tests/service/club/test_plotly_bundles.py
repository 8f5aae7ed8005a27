"""The chart pages load the smallest plotly.js bundle that draws their figures (issue 27, item 1):
the dashboards, integrity and player pages the vendored basic bundle (329 kB as brotli), the
session page's payment flow (a sankey) the full plotly.min.js (1.27 MB)."""

from __future__ import annotations

import re
from importlib import resources

import brotli

from dashboards.integrity import observed_vs_expected
from service.club import assets
from service.club.charts import CLUB_CHARTS
from tests.service.conftest import CLUB, fixture_log, verified

TRACE = re.compile(rb'moduleType:"trace",name:"(\w+)"')


def traces(bundle: assets.Bundle) -> set[str]:
    """The trace types the bundle registers (what Plotly.newPlot can draw with it)."""
    return {name.decode() for name in TRACE.findall(assets.source(bundle))}


def test_the_vendored_bundle_is_the_plotly_packages_version():
    """Figures are built by the Python plotly package for its own plotly.js: a vendored bundle
    of another version could read them differently (scripts/vendor-plotly follows the package)."""
    full = (resources.files("plotly") / "package_data" / "plotly.min.js").read_text()[:200]
    version = re.search(r"plotly\.js v(\S+)", full).group(1)
    assert f"plotly.js (basic - minified) v{version}\n" in assets.source("basic")[:200].decode()


def test_the_brotli_copy_is_the_bundle():
    br = (assets.VENDOR / "plotly-basic.min.js.br").read_bytes()
    assert brotli.decompress(br) == assets.source("basic")
    assert len(br) < len(assets.source("basic")) // 3


def test_the_basic_bundle_draws_every_chart_of_those_pages(alice):
    verified(alice, fixture_log("audit/fan_missed.jsonl"))
    figures = [alice.get(f"/api/v1/clubs/{CLUB}/charts/{name}").get_json() for name in CLUB_CHARTS]
    figures.append(alice.get("/api/v1/players/老王/charts/balance").get_json())
    figures.append(observed_vs_expected(3, 1.5, "t", "seen", "chance", "events").to_plotly_json())
    used = {trace.get("type", "scatter") for fig in figures for trace in fig["data"]}
    assert used and used <= traces("basic"), used - traces("basic")
    flow_page = alice.get(f"/sessions/{verified(alice, fixture_log('audit/fan_missed.jsonl'))}")
    assert assets.plotly_hash("full") in flow_page.get_data(as_text=True)
    assert "sankey" not in traces("basic") and "sankey" in traces("full")


def test_each_chart_page_names_its_bundle(alice):
    verified(alice, fixture_log("audit/fan_missed.jsonl"))
    basic = f"/plotly-{assets.plotly_hash('basic')}.min.js"
    dashboards = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    assert f'data-plotly="{basic}"' in dashboards
    # its charts sit on the first screen: plotly.js and charts.js are asked for with the page
    assert f'<link rel="preload" as="script" href="{basic}">' in dashboards
    assert re.search(r'<link rel="preload" as="script" href="[^"]*/charts\.js[^"]*">', dashboards)
    for page in ("/players/老王", f"/clubs/{CLUB}/integrity"):
        html = alice.get(page).get_data(as_text=True)
        assert f'data-plotly="{basic}"' in html and 'plotly.min.js"' not in html, page
        assert 'rel="preload"' not in html, page  # their charts wait below the fold


def test_each_bundle_is_served_compressed_and_kept_a_year(alice):
    for bundle in assets.BUNDLES:
        url = f"/plotly-{assets.plotly_hash(bundle)}.min.js"
        for encoding, decode in (("br", brotli.decompress), ("gzip", _gunzip)):
            response = alice.get(url, headers={"Accept-Encoding": encoding})
            assert response.headers["Content-Encoding"] == encoding
            assert decode(response.data) == assets.source(bundle)
            assert "immutable" in response.headers["Cache-Control"]
        plain = alice.get(url, headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers and plain.data == assets.source(bundle)
    assert alice.get("/plotly-0123456789abcdef.min.js").status_code == 404


def _gunzip(data: bytes) -> bytes:
    import gzip

    return gzip.decompress(data)
