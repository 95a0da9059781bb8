"""The builder page for every ruleset, in Chromium, offline: its prices and sheet checks in JSON editors seeded from
the published examples (each finding beside the field it names), a sheet imported and exported, one turn or round
played through the generic player between two sides, and a matchup run through `simulate` and drawn in SVG. Each
ruleset leaves a screenshot under test-output/browser/."""

from __future__ import annotations

import json
import re
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import CHROMIUM, Offline
from .test_builder_page import UNNAMED_CONTROLS, play_to_the_end

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the playwright package")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)", allow_module_level=True)

expect = playwright_api.expect
Page = playwright_api.Page


def _published(base_url: str, path: str, name: str) -> dict[str, Any]:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(f"{base_url}/schema/openapi.json", timeout=30) as answer:
        doc = json.load(answer)
    return doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"][name]["value"]


def _broken_allocation(body: dict[str, Any]) -> dict[str, Any]:
    # 002: a fighter allocates at most its attribute to a token: Damage 3 cannot take 5.
    body["allocation"]["damage"] = 5
    return body


# The sheet check's operation path, the published example imported, how the test breaks it (or not), the finding the
# service answers and the field of the request it stands beside (the one it names, or the nearest that exists).
SHEETS: dict[str, tuple[str, str, Any, str, str]] = {
    "impact": ("/v1/impact/fighters/validate", "Frank as a bare sheet", None, "PP_OVERSPENT", "fighter"),
    "fightrpg": (
        "/v1/fightrpg/fighters/validate",
        "spirit-4-allocation",
        _broken_allocation,
        "ALLOCATION_EXCEEDS_ATTRIBUTE",
        "allocation.damage",
    ),
    "battleroyale": (
        "/v1/battleroyale/characters/validate",
        "carrie-as-printed",
        None,
        "STYLE_THEME_MISSING",
        "character.styles[0]",  # it names styles[0].theme, which the sheet lacks: beside the style
    ),
    "ashes": ("/v1/ashes/combatants/validate", "aura-without-degree", None, "AURA_WITHOUT_DEGREE", "combatant.aura"),
}


def _clean(offline: Offline) -> None:
    assert offline.blocked == [], "the page reached outside the service"
    assert offline.errors == []


def _file(body: dict[str, Any]) -> dict[str, object]:
    return {"name": "sheet.json", "mimeType": "application/json", "buffer": json.dumps(body).encode()}


def _check_sheet(page: Page, base_url: str, ruleset: str) -> None:
    path, name, breaks, code, field = SHEETS[ruleset]
    body = _published(base_url, path, name)
    if breaks:
        body = breaks(body)
    check = page.locator("#check")
    check.get_by_label("Import a JSON file").set_input_files(_file(body))
    expect(page.locator("#check-json")).to_have_value(json.dumps(body, indent=2))
    beside = page.locator(f'#check-outline li[data-path="{field}"] > .findings li[data-code="{code}"]')
    expect(beside).to_be_visible()
    with page.expect_download() as download:
        check.get_by_role("button", name="Export JSON").click()
    assert json.loads(Path(download.value.path()).read_text()) == body


def _matchup(page: Page) -> None:
    matchup = page.locator("#matchup")
    # The player's two sides go into the matchup's request, wherever its sides keep their sheets.
    matchup.get_by_role("button", name="Use the player's sides").click()
    expect(page.locator("#status")).to_have_text("The matchup takes 2 side(s) from the player.")
    matchup.get_by_label("Fights").fill("40")
    matchup.get_by_role("button", name="Run the matchup").click()
    # 40 fights in two requests: on a loaded CI machine a ruleset's simulation takes seconds, not Playwright's 5
    expect(page.locator("#sim-result h3")).to_contain_text("40 fights", timeout=120_000)
    expect(page.locator("#sim-outcomes rect")).to_have_count(3)
    assert page.locator("#sim-lengths .bars rect").count() > 1


@pytest.mark.parametrize("ruleset", ["impact", "fightrpg", "battleroyale", "ashes"])
def test_every_tool_of_a_ruleset(
    ruleset: str, base_url: str, offline_page: tuple[Page, Offline], screenshots: Path
) -> None:
    page, offline = offline_page
    _published(base_url, SHEETS[ruleset][0], SHEETS[ruleset][1])  # the page reads the same document
    page.goto(f"{base_url}/builder?ruleset={ruleset}")
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    expect(page.locator("#status.error")).to_have_count(0)
    expect(page.locator("#move")).to_be_hidden()
    # Prices: the first published example answers with the figures it priced.
    expect(page.locator("#price-result p").first).to_be_visible()
    expect(page.locator("#price-result dl dt").first).to_be_visible()
    expect(page.locator("#price-outline li").first).to_be_visible()
    _check_sheet(page, base_url, ruleset)
    # The sheet above goes into the first side when it is the kind of sheet the request's sides hold; battleroyale's
    # character sheet is not the kind its bouts take (traits), and the page says so.
    first = page.locator("#check-example option").first.get_attribute("value") or ""
    page.locator("#check-example").select_option(first)  # the first published sheet, not the broken one
    expected = _published(base_url, SHEETS[ruleset][0], first)
    expect(page.locator("#check-json")).to_have_value(json.dumps(expected, indent=2))
    page.locator("#side-0-take").click()
    if ruleset == "battleroyale":
        expect(page.locator("#status.error")).to_contain_text("does not fit the sides")
    else:
        expect(page.locator("#status")).to_contain_text("takes the first side")
    # One turn or round, every die rolled in the page and the offered default picked, to the end.
    trips = play_to_the_end(page)
    assert trips >= 2, "the first answer asks for something"
    heading = page.locator("#play-outcome h3")
    expect(heading).to_contain_text("round trip(s)")
    expect(heading).not_to_contain_text("cannot be played")
    _matchup(page)
    assert page.evaluate(UNNAMED_CONTROLS) == [], "every control has a name"
    page.screenshot(path=screenshots / f"builder-{ruleset}.png", full_page=True)
    _clean(offline)


def test_the_matchup_and_player_of_fight2e(
    base_url: str, offline_page: tuple[Page, Offline], screenshots: Path
) -> None:
    page, offline = offline_page
    page.goto(f"{base_url}/builder?ruleset=fight2e")
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    page.locator("#play").get_by_role("button", name="Play it out (defaults, dice rolled)").click()
    expect(page.locator("#play-outcome h3")).to_contain_text("round trip(s)")
    _matchup(page)
    page.screenshot(path=screenshots / "builder-fight2e.png", full_page=True)
    # The sheet of the form above goes into a side of the turn (its `sheet` member), its state and id kept.
    page.locator("#side-1-take").click()
    expect(page.locator("#status")).to_have_text("New Fighter takes the second side.")
    expect(page.locator("#side-1-name")).to_have_text("New Fighter")
    _clean(offline)


def test_a_sheet_edited_field_by_field(base_url: str, offline_page: tuple[Page, Offline], screenshots: Path) -> None:
    """The outline of a sheet is a form: each value has its control (a list where the schema names the values), an
    edit is sent at once, and the finding beside the field goes when the field is put right."""
    page, offline = offline_page
    _published(base_url, "/v1/ashes/combatants/validate", "aura-without-degree")
    page.goto(f"{base_url}/builder?ruleset=ashes")
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    page.locator("#check-example").select_option("aura-without-degree")
    aura = page.locator('#check-outline li[data-path="combatant.aura"] > .findings li[data-code="AURA_WITHOUT_DEGREE"]')
    expect(aura).to_be_visible()
    page.screenshot(path=screenshots / "builder-ashes-sheet-finding.png", full_page=True)
    # Aura needs Degree 1 or more: Degree 0 → 1 puts it right.
    page.locator('#check-outline li[data-path="combatant.degree"]').get_by_label("degree").fill("1")
    expect(aura).to_have_count(0)
    assert json.loads(page.locator("#check-json").input_value())["combatant"]["degree"] == 1
    # A field the schema lists the values of is a choice among them (impact's rank).
    page.goto(f"{base_url}/builder?ruleset=impact")
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    rank = page.locator('#check-outline li[data-path="fighter.rank"]').get_by_label("rank")
    expect(rank).to_have_value("white_belt")
    assert "grand_master" in rank.locator("option").all_inner_texts()
    rank.select_option("black_belt")
    expect(page.locator("#check-json")).to_have_value(re.compile('"rank": "black_belt"'))
    _clean(offline)
