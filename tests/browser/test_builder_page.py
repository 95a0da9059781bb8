"""The builder page (/builder) in a real browser, offline: a move priced as it is built, a broken rule shown beside
the entry that breaks it, a sheet validated with its derived values and exported, and a combat turn played to the
end by answering what the service asks (the generic player every ruleset shares). Each test saves a screenshot under
test-output/browser/ for review."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from service.rules.fight2e.operations import examples

from .conftest import CHROMIUM, Offline

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the playwright package")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (make test installs Debian's)", allow_module_level=True)

expect = playwright_api.expect
Page = playwright_api.Page
MAX_ROUND_TRIPS = 40  # impact and fightrpg ask one die at a time today (up to 20 round trips)


def _open(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/builder")
    # The first load waits for the OpenAPI document (its published examples), built on first request.
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)


def _clean(offline: Offline) -> None:
    assert offline.blocked == [], "the page reached outside the service"
    assert offline.errors == []


def _price(page: Page, label: str) -> playwright_api.Locator:
    return page.locator("#move-price dt", has_text=label).locator("xpath=following-sibling::dd[1]")


def _add_entry(page: Page, search: str, name: str) -> None:
    page.get_by_label("Search").fill(search)
    page.get_by_role("button", name=f"Add {name}", exact=True).click()


def _sheet_file(sheet: dict[str, object]) -> dict[str, object]:
    return {"name": "sheet.json", "mimeType": "application/json", "buffer": json.dumps(sheet).encode()}


def test_build_a_move_and_see_its_price(base_url: str, offline_page: tuple[Page, Offline], screenshots: Path) -> None:
    page, offline = offline_page
    _open(page, base_url)
    page.locator("#move-form").get_by_label("Level").fill("3")
    _add_entry(page, "ranged", "Ranged")
    # 000 L2287, L2293: an L3 has 4 Element slots; Ranged takes 2, the 2 left unused take 2 off its 3 MP.
    expect(_price(page, "Element slots")).to_have_text("2 of 4 used")
    expect(_price(page, "Move Points")).to_have_text("1")
    _add_entry(page, "increased damage", "Increased Damage")
    page.locator('li[data-path="elements[1]"]').get_by_label("Times").fill("2")
    # 000 L4978–L4988 (Blooming Dance): Ranged + Increased Damage ×2 fill the 4 slots of an L3: 3 MP.
    expect(_price(page, "Element slots")).to_have_text("4 of 4 used")
    expect(_price(page, "Move Points")).to_have_text("3")
    expect(_price(page, "Range")).to_have_text("0–4")  # Ranged reaches Range 0–4 (000 L3970)
    expect(page.locator("#move-price .legal")).to_have_text("Legal move")
    page.screenshot(path=screenshots / "builder-move-priced.png", full_page=True)
    page.locator("#move-form").get_by_label("Name").fill("Blooming Dance")
    page.get_by_role("button", name="Add to the sheet").click()
    on_sheet = page.locator('#sheet-moves li[data-path="moves[0]"]')
    expect(on_sheet).to_contain_text("Blooming Dance (Special L3, 3 MP)")
    # Edited back in the builder: Increased Damage once leaves 1 of the 4 slots unused, 3 − 1 = 2 MP (000 L2293).
    on_sheet.get_by_role("button", name="Edit").click()
    expect(page.locator('li[data-path="elements[1]"]').get_by_label("Times")).to_have_value("2")
    page.locator('li[data-path="elements[1]"]').get_by_label("Times").fill("1")
    page.get_by_role("button", name="Replace move 1 on the sheet").click()
    expect(on_sheet).to_contain_text("Blooming Dance (Special L3, 2 MP)")
    expect(page.locator("#sheet-moves > li")).to_have_count(1)
    _clean(offline)


def test_a_broken_rule_is_shown_beside_the_entry_that_breaks_it(
    base_url: str, offline_page: tuple[Page, Offline], screenshots: Path
) -> None:
    page, offline = offline_page
    _open(page, base_url)
    page.locator("#move-form").get_by_label("Level").fill("2")
    _add_entry(page, "increased damage", "Increased Damage")
    row = page.locator('li[data-path="elements[0]"]')
    row.get_by_label("Times").fill("5")
    # 000 L2291: no single Element may cost more than twice the Level; an L2 move takes it at most 4 times.
    expect(row.locator(".findings li[data-code=ELEMENT_COST_CAP_EXCEEDED]")).to_be_visible()
    expect(page.locator("#move-price .illegal")).to_be_visible()
    page.screenshot(path=screenshots / "builder-move-violation.png", full_page=True)
    row.get_by_label("Times").fill("4")
    expect(row.locator(".findings li[data-code=ELEMENT_COST_CAP_EXCEEDED]")).to_have_count(0)
    _clean(offline)


def test_validate_a_sheet_and_export_it(base_url: str, offline_page: tuple[Page, Offline], screenshots: Path) -> None:
    page, offline = offline_page
    _open(page, base_url)
    wayne = examples("validate_fighter")["pl1-fighter"]["fighter"]
    page.locator("#sheet-file").set_input_files(_sheet_file(wayne))
    expect(page.locator("#sheet-verdict .legal")).to_have_text("Valid sheet")
    # 000 L707: the Power Level Chart gives PL 1 a Life Bar of 30 and 10 Fighting Spirit.
    verdict = page.locator("#sheet-verdict")
    expect(verdict.locator("dt", has_text="Life Bar").locator("xpath=following-sibling::dd[1]")).to_have_text("30")
    expect(verdict.locator("dt", has_text="Fighting Spirit").locator("xpath=following-sibling::dd[1]")).to_have_text(
        "10"
    )
    expect(page.locator("#sheet-moves > li")).to_have_count(len(wayne["moves"]))
    page.screenshot(path=screenshots / "builder-sheet-valid.png", full_page=True)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export JSON").click()
    assert json.loads(Path(download.value.path()).read_text()) == wayne
    # 000 L500: Basic Qualities are two 1s and a 0, or a 2, a 0 and a −1, never above 2: Strength 3 breaks it.
    page.locator("#sheet-basic-qualities").get_by_label("Strength").fill("3")
    expect(page.locator('fieldset[data-path="basic_qualities"] .findings li').first).to_be_visible()
    expect(page.locator("#sheet-verdict .illegal")).to_be_visible()
    page.screenshot(path=screenshots / "builder-sheet-violation.png", full_page=True)
    _clean(offline)


def play_to_the_end(page: Page) -> int:
    """Answers what the generic player asks (every die rolled, the offered default picked) until the step is over;
    the round trips it took."""
    pending, outcome = page.locator("#play-pending"), page.locator("#play-outcome h3")
    page.get_by_role("button", name="Start", exact=True).click()
    for trip in range(1, MAX_ROUND_TRIPS + 1):
        expect(page.locator("#play-panel[aria-busy]")).to_have_count(0)
        if outcome.count():
            return trip
        expect(pending.get_by_role("button", name="Send")).to_be_visible()
        for legend in pending.locator("fieldset.decision label.choice").all_inner_texts():
            assert legend.strip(), "every choice is labelled with its words"
        roll = pending.get_by_role("button", name="Roll every die")
        if roll.count():
            roll.click()
        pending.get_by_role("button", name="Send").click()
    pytest.fail(f"not over after {MAX_ROUND_TRIPS} round trips")


def test_play_a_turn_between_two_sheets(base_url: str, offline_page: tuple[Page, Offline], screenshots: Path) -> None:
    page, offline = offline_page
    _open(page, base_url)
    fighters = examples("resolve_turn")["first-turn-seeded"]["fighters"]
    for side, fighter in enumerate(fighters):
        page.locator(f"#side-{side}-file").set_input_files(_sheet_file(fighter["sheet"]))
        expect(page.locator(f"#side-{side}-name")).to_have_text(fighter["sheet"]["name"])
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("#play-pending").get_by_role("button", name="Send")).to_be_visible()
    page.screenshot(path=screenshots / "builder-turn-pending.png", full_page=True)
    page.reload()  # the same turn again from the start, played to its end
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    for side, fighter in enumerate(fighters):
        page.locator(f"#side-{side}-file").set_input_files(_sheet_file(fighter["sheet"]))
    trips = play_to_the_end(page)
    assert trips >= 2, "the first answer asks for dice"
    expect(page.locator("#play-outcome h3")).to_contain_text("resolved")
    assert page.locator("#play-outcome ol.log li").count() > 0
    expect(page.locator("#play-findings li.error")).to_have_count(0)
    page.screenshot(path=screenshots / "builder-turn-played.png", full_page=True)
    _clean(offline)


UNNAMED_CONTROLS = """() => [...document.querySelectorAll("input, select, textarea, button")]
    .filter((el) => !el.closest("[hidden]"))
    .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute("aria-label") && !el.textContent.trim())
    .map((el) => el.outerHTML.slice(0, 120))"""


def test_every_control_has_a_name_and_the_page_is_small(base_url: str, offline_page: tuple[Page, Offline]) -> None:
    page, offline = offline_page
    loaded: list[int] = []
    page.on("response", lambda r: loaded.append(len(r.body())) if "/builder" in r.url else None)
    _open(page, base_url)
    _add_entry(page, "ranged", "Ranged")
    page.locator("#sheet-file").set_input_files(_sheet_file(examples("validate_fighter")["pl8-fighter"]["fighter"]))
    expect(page.locator("#sheet-moves > li").first).to_be_visible()
    assert page.evaluate(UNNAMED_CONTROLS) == []
    assert page.locator("h1").count() == 1 and page.locator("main section:not([hidden]) h2").count() == 4
    assert 0 < sum(loaded) < 100_000, "the page's own HTML, CSS and scripts stay under 100 kB"
    _clean(offline)


def test_the_page_opens_on_a_ruleset_with_forms_and_offers_the_others_their_editors(
    base_url: str, offline_page: tuple[Page, Offline]
) -> None:
    """Several rulesets are hosted; the page starts on the one with forms of its own (fight2e), and one without
    (ashes) gets the JSON editors instead, never a blank form."""
    page, offline = offline_page
    _open(page, base_url)
    expect(page.locator("#ruleset")).to_have_value("fight2e")
    expect(page.locator("#move")).to_be_visible()
    expect(page.locator("#price")).to_be_hidden()
    page.goto(f"{base_url}/builder?ruleset=ashes")
    expect(page.locator("body.ready")).to_be_attached(timeout=30_000)
    expect(page.locator("#move")).to_be_hidden()
    for section in ("#price", "#check", "#play", "#matchup"):
        expect(page.locator(section)).to_be_visible()
    expect(page.locator("#status.error")).to_have_count(0)
    _clean(offline)
