# The sample scene: the offer list a game shows — each offer's icon, name, reward and payout,
# and a button that opens its tracking link for the player. Everything it needs comes from the
# addon; the layout is built in code so the scene file stays one node.
#
# Settings (environment, for the demo; a game passes its own): OFFERKIT_BASE_URL,
# OFFERKIT_ACCESS_TOKEN (from your backend), OFFERKIT_PLAYER_ID (default demo-player).
# OFFERKIT_QUIT_AFTER_LOAD=1 prints the offers and quits; OFFERKIT_SCREENSHOT=PATH saves the
# rendered list as a PNG, then quits.
extends Control

const ROW_HEIGHT := 72

var client := OfferKitClient.new()
var player_id := "demo-player"
var list: VBoxContainer
var status: Label


func _ready() -> void:
	_build_layout()
	if OS.get_environment("OFFERKIT_PLAYER_ID") != "":
		player_id = OS.get_environment("OFFERKIT_PLAYER_ID")
	var error := client.configure(OS.get_environment("OFFERKIT_BASE_URL"), {
		"access_token": OS.get_environment("OFFERKIT_ACCESS_TOKEN"),
		"cache_ttl": 300,
	})
	if error != null:
		_finish("offerkit is not configured: %s" % error)
		return
	var result: OfferKitResult = await client.offers(player_id, {
		"limit": 6,
		"sort": "epc.desc",
		"select": "total_amount creatives { icon_url currency_name_plural } links { click_url }",
	}).completed
	if not result.ok:
		_finish("no offers now (%s)" % result.error.kind_name)
		return
	print("%d offers for %s:" % [result.value.size(), player_id])
	for offer: OfferKitOffer in result.value:
		print("  %s  %s  $%.2f" % [offer.id, offer.name, offer.total_payout_usd])
		list.add_child(_row(offer))
	status.text = "%d offers" % result.value.size()
	await _icons(result.value)
	_finish("")


func _build_layout() -> void:
	set_anchors_preset(Control.PRESET_FULL_RECT)
	var background := ColorRect.new()
	background.color = Color("1d2433")
	background.set_anchors_preset(Control.PRESET_FULL_RECT)
	add_child(background)
	var margin := MarginContainer.new()
	margin.set_anchors_preset(Control.PRESET_FULL_RECT)
	for side in ["left", "right", "top", "bottom"]:
		margin.add_theme_constant_override("margin_" + side, 24)
	add_child(margin)
	var column := VBoxContainer.new()
	column.add_theme_constant_override("separation", 12)
	margin.add_child(column)
	var title := Label.new()
	title.text = "Earn coins"
	title.add_theme_font_size_override("font_size", 28)
	column.add_child(title)
	status = Label.new()
	status.text = "Loading offers…"
	status.modulate = Color(1, 1, 1, 0.6)
	column.add_child(status)
	list = VBoxContainer.new()
	list.add_theme_constant_override("separation", 8)
	column.add_child(list)


func _row(offer: OfferKitOffer) -> Control:
	var panel := PanelContainer.new()
	panel.custom_minimum_size.y = ROW_HEIGHT
	var row := HBoxContainer.new()
	row.add_theme_constant_override("separation", 14)
	panel.add_child(row)
	var icon := TextureRect.new()
	icon.name = "Icon"
	icon.custom_minimum_size = Vector2(56, 56)
	icon.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	icon.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	icon.texture = _placeholder(offer.name)
	row.add_child(icon)
	var texts := VBoxContainer.new()
	texts.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	texts.alignment = BoxContainer.ALIGNMENT_CENTER
	row.add_child(texts)
	var name_label := Label.new()
	name_label.text = offer.name
	name_label.add_theme_font_size_override("font_size", 18)
	texts.add_child(name_label)
	var reward := Label.new()
	reward.text = _reward_text(offer)
	reward.modulate = Color(1, 1, 1, 0.7)
	reward.text_overrun_behavior = TextServer.OVERRUN_TRIM_ELLIPSIS
	texts.add_child(reward)
	var payout := Label.new()
	payout.text = "$%.2f" % offer.total_payout_usd
	payout.add_theme_color_override("font_color", Color("7ee787"))
	row.add_child(payout)
	var button := Button.new()
	button.text = "Play"
	button.custom_minimum_size = Vector2(88, 0)
	var click := offer.click_url(player_id)
	button.disabled = not click.ok
	if click.ok:
		button.pressed.connect(OS.shell_open.bind(click.value))
	row.add_child(button)
	return panel


## "Earn 1,200 gems: Reach level 10" from the fields the scene selected.
func _reward_text(offer: OfferKitOffer) -> String:
	var amount: Variant = offer.extra.get("total_amount")
	var currency := "coins"
	if offer.creatives != null and offer.creatives.extra.get("currency_name_plural") is String:
		currency = offer.creatives.extra["currency_name_plural"]
	var description := offer.creatives.description if offer.creatives != null else ""
	if amount is float or amount is int:
		return "Earn %d %s: %s" % [int(amount), currency, description]
	return description


## A colored tile standing in for the icon until (unless) it loads.
func _placeholder(seed_text: String) -> Texture2D:
	var image := Image.create(56, 56, false, Image.FORMAT_RGBA8)
	image.fill(Color.from_hsv(float(seed_text.hash() % 360) / 360.0, 0.55, 0.85))
	return ImageTexture.create_from_image(image)


## Loads each offer's icon_url (PNG, JPEG or WebP) over Godot's HTTPRequest; a failure keeps
## the placeholder.
func _icons(offers: Array) -> void:
	for i in offers.size():
		var url: Variant = offers[i].field("creatives.icon_url")
		if not (url is String) or not (url.begins_with("http://") or url.begins_with("https://")):
			continue
		var http := HTTPRequest.new()
		http.timeout = 3.0
		add_child(http)
		if http.request(url) == OK:
			var answer: Array = await http.request_completed
			var image := Image.new()
			var body: PackedByteArray = answer[3]
			if answer[0] == HTTPRequest.RESULT_SUCCESS and answer[1] == 200 and (image.load_png_from_buffer(body) == OK or image.load_jpg_from_buffer(body) == OK or image.load_webp_from_buffer(body) == OK):
				var icon: TextureRect = list.get_child(i).get_child(0).get_child(0)
				icon.texture = ImageTexture.create_from_image(image)
		http.queue_free()


func _finish(message: String) -> void:
	if message != "":
		status.text = message
		printerr(message)
	var screenshot := OS.get_environment("OFFERKIT_SCREENSHOT")
	if screenshot != "":
		for i in 10:
			await get_tree().process_frame
		await RenderingServer.frame_post_draw
		get_viewport().get_texture().get_image().save_png(screenshot)
		get_tree().quit(0 if message == "" else 1)
	elif OS.get_environment("OFFERKIT_QUIT_AFTER_LOAD") != "":
		get_tree().quit(0 if message == "" else 1)
