/* OfferkitStatus is one real C enum: a switch over it lists every value, and the compiler
 * checks that (-Wswitch-enum is an error in this file, so a status added to the header without
 * a case here fails the build; bindings/c/test.sh also checks that a switch missing one fails).
 * Every number and name is compared with literal expected values: they are stable. The other
 * enums (token reason, log level, delivery) are real enums too. */
#include <stdio.h>
#include <string.h>

#include "support.h"

#pragma GCC diagnostic error "-Wswitch-enum"

/* The stable number of each status, written out here (not computed from the header). */
static int expected_number(OfferkitStatus status) {
    switch (status) {
    case OFFERKIT_STATUS_OK: return 0;
    case OFFERKIT_STATUS_INVALID_ARGUMENT: return 1;
    case OFFERKIT_STATUS_UNAUTHORIZED: return 2;
    case OFFERKIT_STATUS_FORBIDDEN: return 3;
    case OFFERKIT_STATUS_VALIDATION: return 4;
    case OFFERKIT_STATUS_QUERY: return 5;
    case OFFERKIT_STATUS_INVALID_CURSOR: return 6;
    case OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE: return 7;
    case OFFERKIT_STATUS_UNPROCESSABLE: return 8;
    case OFFERKIT_STATUS_RATE_LIMITED: return 9;
    case OFFERKIT_STATUS_SERVER: return 10;
    case OFFERKIT_STATUS_NETWORK: return 11;
    case OFFERKIT_STATUS_TIMEOUT: return 12;
    case OFFERKIT_STATUS_CANCELLED: return 13;
    case OFFERKIT_STATUS_DECODE: return 14;
    case OFFERKIT_STATUS_INTERNAL: return 15;
    case OFFERKIT_STATUS_REJECTED: return 16;
    case OFFERKIT_STATUS_NULL_ARGUMENT: return 100;
    case OFFERKIT_STATUS_INVALID_UTF8: return 101;
    case OFFERKIT_STATUS_OUT_OF_RANGE: return 102;
    case OFFERKIT_STATUS_WOULD_DEADLOCK: return 103;
    case OFFERKIT_STATUS_NOT_FOUND: return 104;
    case OFFERKIT_STATUS_BUSY: return 105;
    case OFFERKIT_STATUS_ALREADY_ANSWERED: return 106;
    case OFFERKIT_STATUS_NOT_AVAILABLE: return 107;
    }
    return -1;
}

void test_statuses_are_one_checked_enum(void) {
    static const struct {
        OfferkitStatus status;
        int number;
        const char *name;
    } all[] = {
        {OFFERKIT_STATUS_OK, 0, "ok"},
        {OFFERKIT_STATUS_INVALID_ARGUMENT, 1, "invalid_argument"},
        {OFFERKIT_STATUS_UNAUTHORIZED, 2, "unauthorized"},
        {OFFERKIT_STATUS_FORBIDDEN, 3, "forbidden"},
        {OFFERKIT_STATUS_VALIDATION, 4, "validation"},
        {OFFERKIT_STATUS_QUERY, 5, "query"},
        {OFFERKIT_STATUS_INVALID_CURSOR, 6, "invalid_cursor"},
        {OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE, 7, "unsupported_media_type"},
        {OFFERKIT_STATUS_UNPROCESSABLE, 8, "unprocessable"},
        {OFFERKIT_STATUS_RATE_LIMITED, 9, "rate_limited"},
        {OFFERKIT_STATUS_SERVER, 10, "server"},
        {OFFERKIT_STATUS_NETWORK, 11, "network"},
        {OFFERKIT_STATUS_TIMEOUT, 12, "timeout"},
        {OFFERKIT_STATUS_CANCELLED, 13, "cancelled"},
        {OFFERKIT_STATUS_DECODE, 14, "decode"},
        {OFFERKIT_STATUS_INTERNAL, 15, "internal"},
        {OFFERKIT_STATUS_REJECTED, 16, "rejected"},
        {OFFERKIT_STATUS_NULL_ARGUMENT, 100, "null_argument"},
        {OFFERKIT_STATUS_INVALID_UTF8, 101, "invalid_utf8"},
        {OFFERKIT_STATUS_OUT_OF_RANGE, 102, "out_of_range"},
        {OFFERKIT_STATUS_WOULD_DEADLOCK, 103, "would_deadlock"},
        {OFFERKIT_STATUS_NOT_FOUND, 104, "not_found"},
        {OFFERKIT_STATUS_BUSY, 105, "busy"},
        {OFFERKIT_STATUS_ALREADY_ANSWERED, 106, "already_answered"},
        {OFFERKIT_STATUS_NOT_AVAILABLE, 107, "not_available"},
    };
    size_t n = sizeof all / sizeof all[0];
    CHECK(n == 25);
    bool named[300] = {false};
    for (size_t i = 0; i < n; i++) {
        CHECK((int)all[i].status == all[i].number);
        CHECK(expected_number(all[i].status) == all[i].number);
        const char *name = offerkit_status_name((uint32_t)all[i].number);
        if (strcmp(name, all[i].name) != 0)
            fprintf(stderr, "    status %d: named \"%s\", want \"%s\"\n", all[i].number, name,
                    all[i].name);
        CHECK(strcmp(name, all[i].name) == 0);
        named[all[i].number] = true;
    }
    /* Every other number is "unknown". */
    for (uint32_t number = 0; number < 300; number++)
        if (!named[number]) CHECK(strcmp(offerkit_status_name(number), "unknown") == 0);
    CHECK(strcmp(offerkit_status_name(UINT32_MAX), "unknown") == 0);
    /* The type is the enum: sizeof as an int-sized C enum, and a NULL error's status. */
    CHECK(sizeof(OfferkitStatus) == 4);
    CHECK(offerkit_error_status(NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
}

static int token_reason(OfferkitTokenReason reason) {
    switch (reason) {
    case OFFERKIT_TOKEN_REASON_MISSING: return 1;
    case OFFERKIT_TOKEN_REASON_EXPIRING: return 2;
    case OFFERKIT_TOKEN_REASON_REJECTED: return 3;
    }
    return -1;
}

static int log_level(OfferkitLogLevel level) {
    switch (level) {
    case OFFERKIT_LOG_LEVEL_OFF: return 0;
    case OFFERKIT_LOG_LEVEL_ERROR: return 1;
    case OFFERKIT_LOG_LEVEL_WARN: return 2;
    case OFFERKIT_LOG_LEVEL_INFO: return 3;
    case OFFERKIT_LOG_LEVEL_DEBUG: return 4;
    case OFFERKIT_LOG_LEVEL_TRACE: return 5;
    }
    return -1;
}

static int http_failure(OfferkitHttpFailure kind) {
    switch (kind) {
    case OFFERKIT_HTTP_FAILURE_NETWORK: return 1;
    case OFFERKIT_HTTP_FAILURE_TIMEOUT: return 2;
    case OFFERKIT_HTTP_FAILURE_TOO_LARGE: return 3;
    }
    return -1;
}

static int delivery(OfferkitDelivery mode) {
    switch (mode) {
    case OFFERKIT_DELIVERY_THREAD: return 0;
    case OFFERKIT_DELIVERY_POLL: return 1;
    }
    return -1;
}

void test_other_enums_are_checked_enums(void) {
    CHECK((int)OFFERKIT_TOKEN_REASON_MISSING == 1 && token_reason(OFFERKIT_TOKEN_REASON_MISSING) == 1);
    CHECK((int)OFFERKIT_TOKEN_REASON_EXPIRING == 2 && token_reason(OFFERKIT_TOKEN_REASON_EXPIRING) == 2);
    CHECK((int)OFFERKIT_TOKEN_REASON_REJECTED == 3 && token_reason(OFFERKIT_TOKEN_REASON_REJECTED) == 3);
    CHECK((int)OFFERKIT_LOG_LEVEL_OFF == 0 && (int)OFFERKIT_LOG_LEVEL_ERROR == 1 &&
          (int)OFFERKIT_LOG_LEVEL_WARN == 2 && (int)OFFERKIT_LOG_LEVEL_INFO == 3 &&
          (int)OFFERKIT_LOG_LEVEL_DEBUG == 4 && (int)OFFERKIT_LOG_LEVEL_TRACE == 5);
    CHECK(log_level(OFFERKIT_LOG_LEVEL_TRACE) == 5 && log_level(OFFERKIT_LOG_LEVEL_OFF) == 0);
    CHECK((int)OFFERKIT_DELIVERY_THREAD == 0 && (int)OFFERKIT_DELIVERY_POLL == 1);
    CHECK(delivery(OFFERKIT_DELIVERY_POLL) == 1 && delivery(OFFERKIT_DELIVERY_THREAD) == 0);
    CHECK((int)OFFERKIT_HTTP_FAILURE_NETWORK == 1 && (int)OFFERKIT_HTTP_FAILURE_TIMEOUT == 2 &&
          (int)OFFERKIT_HTTP_FAILURE_TOO_LARGE == 3);
    CHECK(http_failure(OFFERKIT_HTTP_FAILURE_TIMEOUT) == 2 && http_failure(OFFERKIT_HTTP_FAILURE_TOO_LARGE) == 3);
    /* Functions taking these from C take a number and refuse one outside the enum. */
    OfferkitConfig *config = test_config(NULL);
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_config_set_delivery(config, 2, &error), OFFERKIT_STATUS_OUT_OF_RANGE, error);
    offerkit_error_free(error);
    offerkit_config_free(config);
}
