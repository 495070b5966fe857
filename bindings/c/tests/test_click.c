/* offerkit_click_url: the tracking URL of an offer for one player — the player id set exactly,
 * refused when the service would send the click to its 404 page, convention breaks flagged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

void test_click_url(void) {
    char *url = NULL;
    uint32_t warnings = 99;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_click_url("https://t.example/click/7?player_id=old&sub=1", "p-1", &url,
                                    &warnings, &error),
                 OFFERKIT_STATUS_OK, error);
    CHECK(url && strcmp(url, "https://t.example/click/7?sub=1&player_id=p-1") == 0);
    offerkit_string_free(url);
    url = NULL;
    /* Every player_id goes, wherever it was; the id is appended last, the rest keeps its order. */
    CHECK_STATUS(offerkit_click_url("https://t.example/c?a=1&player_id=x&&b=2&player_id=y#top", "p-1", &url,
                                    &warnings, &error),
                 OFFERKIT_STATUS_OK, error);
    CHECK(url && strcmp(url, "https://t.example/c?a=1&b=2&player_id=p-1#top") == 0);
    CHECK(warnings == 0);
    offerkit_string_free(url);
    url = NULL;

    CHECK_STATUS(offerkit_click_url("https://t.example/click/7", "Player One", &url, &warnings,
                                    NULL),
                 OFFERKIT_STATUS_OK, NULL);
    CHECK(url && strcmp(url, "https://t.example/click/7?player_id=Player+One") == 0);
    CHECK(warnings == (OFFERKIT_PLAYER_ID_UPPERCASE | OFFERKIT_PLAYER_ID_SPACE));
    offerkit_string_free(url);
    url = NULL;
    /* out_warnings is optional */
    CHECK_STATUS(offerkit_click_url("https://t.example/c", "p", &url, NULL, NULL),
                 OFFERKIT_STATUS_OK, NULL);
    offerkit_string_free(url);

    /* No player id: the service's 404 page. Nothing is written. */
    url = (char *)0x1;
    CHECK_STATUS(offerkit_click_url("https://t.example/click/7", "", &url, &warnings, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(url == (char *)0x1);
    REQUIRE(error != NULL);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 0), "player_id") == 0);
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_click_url("not a url", "p-1", &url, NULL, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(contains(offerkit_error_message(error), "click_url"));
    offerkit_error_free(error);
    CHECK(offerkit_click_url(NULL, "p", &url, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_click_url("https://t.example/c", NULL, &url, NULL, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_click_url("https://t.example/c", "p", NULL, NULL, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(url == (char *)0x1);
}
