/* The writer behind results.h: one JSON line per test case, appended to OFFERKIT_RESULTS. It is
 * the one place that knows the line's layout and JSON's escaping rules, for every C and C++
 * runner. */
#include "results.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence starting at s (1..4), or 0 when s does not start one. */
static size_t utf8_sequence(const unsigned char *s) {
    unsigned char lead = s[0];
    size_t length;
    unsigned char low = 0x80, high = 0xBF; /* the bounds of the second byte */
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
    else return 0;
    if (lead == 0xE0) low = 0xA0;      /* overlong */
    if (lead == 0xED) high = 0x9F;     /* surrogates */
    if (lead == 0xF0) low = 0x90;      /* overlong */
    if (lead == 0xF4) high = 0x8F;     /* above U+10FFFF */
    if (s[1] < low || s[1] > high) return 0;
    for (size_t i = 2; i < length; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return length;
}

/* Appends `piece` (length n) at out[*at], within size; counts it whatever fits. */
static void put(char *out, size_t size, size_t *at, const char *piece, size_t n) {
    for (size_t i = 0; i < n; i++, (*at)++)
        if (*at + 1 < size) out[*at] = piece[i];
}

size_t results_json_string(char *out, size_t size, const char *text) {
    size_t at = 0;
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    put(out, size, &at, "\"", 1);
    while (*s) {
        char escape[8];
        size_t n = utf8_sequence(s);
        if (n == 0) {
            put(out, size, &at, "\\ufffd", 6);
            s++;
            continue;
        }
        switch (*s) {
        case '"': put(out, size, &at, "\\\"", 2); break;
        case '\\': put(out, size, &at, "\\\\", 2); break;
        case '\n': put(out, size, &at, "\\n", 2); break;
        case '\r': put(out, size, &at, "\\r", 2); break;
        case '\t': put(out, size, &at, "\\t", 2); break;
        case '\b': put(out, size, &at, "\\b", 2); break;
        case '\f': put(out, size, &at, "\\f", 2); break;
        default:
            if (*s < 0x20) {
                snprintf(escape, sizeof escape, "\\u%04x", (unsigned)*s);
                put(out, size, &at, escape, 6);
            } else {
                put(out, size, &at, (const char *)s, n);
            }
        }
        s += n;
    }
    put(out, size, &at, "\"", 1);
    if (size > 0) out[at < size ? at : size - 1] = '\0';
    return at;
}

/* A malloc'd JSON string of text, or NULL when out of memory. */
static char *json_string(const char *text) {
    size_t length = results_json_string(NULL, 0, text);
    char *out = malloc(length + 1);
    if (out) results_json_string(out, length + 1, text);
    return out;
}

int results_write(const char *default_suite, const char *case_name, const char *outcome,
                  double seconds, const char *detail) {
    const char *path = getenv("OFFERKIT_RESULTS");
    if (path == NULL || *path == '\0') return 0;
    const char *suite = getenv("OFFERKIT_SUITE");
    if (suite == NULL || *suite == '\0') suite = default_suite;
    if (seconds < 0) seconds = 0;
    char *suite_json = json_string(suite), *case_json = json_string(case_name),
         *outcome_json = json_string(outcome), *detail_json = json_string(detail);
    int written = -1;
    if (suite_json && case_json && outcome_json && detail_json) {
        /* Binary append: the same bytes on Windows (no \r added), each line whole at the end. */
        FILE *file = fopen(path, "ab");
        if (file) {
            int printed = fprintf(file,
                                  "{\"suite\": %s, \"case\": %s, \"outcome\": %s, \"seconds\": %.3f, "
                                  "\"detail\": %s}\n",
                                  suite_json, case_json, outcome_json, seconds, detail_json);
            int flushed = fflush(file);
            int closed = fclose(file);
            if (printed > 0 && flushed == 0 && closed == 0) written = 0;
        }
    }
    if (written != 0) fprintf(stderr, "could not append a result to %s\n", path);
    free(suite_json);
    free(case_json);
    free(outcome_json);
    free(detail_json);
    return written;
}
