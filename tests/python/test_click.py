"""The click helper from Python: the tracking URL of an offer for one player."""
import offerkit


def test_click_url_sets_exactly_the_player():
    built = offerkit.click_url("https://t.example/click/7?player_id=old&sub=1", "p-1")
    assert built.url == "https://t.example/click/7?sub=1&player_id=p-1"
    assert built.warnings == []


def test_click_url_warns_on_conventions_and_refuses_no_player():
    built = offerkit.click_url("https://t.example/click/7", "Player One")
    assert built.url == "https://t.example/click/7?player_id=Player+One"
    assert built.warnings == [
        offerkit.PlayerIdConvention.UPPERCASE,
        offerkit.PlayerIdConvention.SPACE,
    ]
    try:
        offerkit.click_url("https://t.example/click/7", "")
    except offerkit.OfferError.InvalidArgument as e:
        assert "player_id" in e.fields[0].arguments
    else:
        raise AssertionError("an empty player id must fail")
