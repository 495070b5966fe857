# The pagers: every page of playerOffers and of the listing, one request per next_page(),
# a null value after the last page, and core's guard against a walk that does not advance.
extends "res://tests/support/case.gd"


func test_player_offers_pager_walks_every_page() -> void:
	var c := await authorized_client()
	var pager := c.player_offers_pager("many-pager", {"limit": 20})
	var sizes: Array[int] = []
	var ids := {}
	for i in 10:
		var result := await wait(pager.next_page())
		if result == null or not check(result.ok, "page %d: %s" % [i, result.error]):
			return
		if result.value == null:
			break
		sizes.append(result.value.items.size())
		for item in result.value.items:
			ids[item.id] = true
	check(sizes.size() >= 3 and sizes[0] == 20, "pages of 20: %s" % [sizes])
	var total := 0
	for s in sizes:
		total += s
	expect_eq(ids.size(), total, "no item twice")
	var after := await wait(pager.next_page())
	check(after != null and after.ok and after.value == null, "still null after the end")


func test_listing_pager_walks_every_page() -> void:
	var c := await authorized_client()
	var all: Variant = await expect_ok(c.list_offers({}), "the whole listing")
	var pager := c.listing_pager(20)
	var total := 0
	var pages := 0
	while pages < 20:
		var result := await wait(pager.next_page())
		if result == null or not check(result.ok, "page: %s" % [result.error]):
			return
		if result.value == null:
			break
		pages += 1
		total += result.value.offers.size()
	if all != null:
		expect_eq(total, all.offers.size(), "every offer of the listing")
	check(pages >= 2, "more than one page: %d" % pages)


func test_a_cursor_cycle_ends_the_walk() -> void:
	await sim(HTTPClient.METHOD_PUT, "/_sim/mess", {"cursor_cycle": true})
	var c := await authorized_client()
	var pager := c.player_offers_pager("cycle-player", {"limit": 5})
	var last: OfferKitResult = null
	for i in 6:
		last = await wait(pager.next_page())
		if last == null or not last.ok:
			break
	check(last != null and not last.ok and last.error.kind == OfferKitError.DECODE, "a decode error: %s" % [last.error if last else null])


func test_a_stalled_listing_ends_the_walk() -> void:
	await sim(HTTPClient.METHOD_PUT, "/_sim/mess", {"listing_stall": true})
	var c := await authorized_client()
	# Page 1 announces page 1 again as the next one: the walk ends at once.
	await expect_error(c.listing_pager(10).next_page(), OfferKitError.DECODE, "a page number that does not grow")


func test_bad_pager_options_fail_the_first_page() -> void:
	var c := await authorized_client()
	await expect_error(c.player_offers_pager("player-1", {"limit": 500}).next_page(), OfferKitError.INVALID_ARGUMENT, "limit 500")
	await expect_error(c.listing_pager(0).next_page(), OfferKitError.INVALID_ARGUMENT, "per_page 0")
