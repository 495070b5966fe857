//! Clock and calendar helpers: Unix seconds for JWTs, and the service's `Y-m-d H:i:s`
//! text form for offer dates and report ranges, without pulling in a date crate.

use std::time::{SystemTime, UNIX_EPOCH};

pub const DAY: i64 = 86_400;

pub fn now_unix() -> i64 {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
        Err(e) => -i64::try_from(e.duration().as_secs()).unwrap_or(i64::MAX),
    }
}

/// Days since 1970-01-01 → (year, month, day). Howard Hinnant's civil_from_days.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// (year, month, day) → days since 1970-01-01. Howard Hinnant's days_from_civil.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `Y-m-d H:i:s` (UTC wall clock of the given instant).
pub fn format_datetime(unix: i64) -> String {
    let (y, m, d) = civil_from_days(unix.div_euclid(DAY));
    let secs = unix.rem_euclid(DAY);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `Y-m-d`.
pub fn format_date(unix: i64) -> String {
    let (y, m, d) = civil_from_days(unix.div_euclid(DAY));
    format!("{y:04}-{m:02}-{d:02}")
}

/// Strict `Y-m-d H:i:s` parser (the format PHP's `date_format:Y-m-d H:i:s` accepts).
pub fn parse_datetime(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 19
        || b[4] != b'-'
        || b[7] != b'-'
        || b[10] != b' '
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let num = |range: std::ops::Range<usize>| -> Option<u32> {
        let s = text.get(range)?;
        if s.bytes().all(|c| c.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&mo) || d == 0 || h > 23 || mi > 59 || s > 59 {
        return None;
    }
    let days = days_from_civil(i64::from(y), mo, d);
    // Reject 2023-02-30 and friends: the day must survive the round trip.
    if civil_from_days(days) != (i64::from(y), mo, d) {
        return None;
    }
    Some(days * DAY + i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_datetime(0), "1970-01-01 00:00:00");
        assert_eq!(format_datetime(1_700_000_000), "2023-11-14 22:13:20");
        assert_eq!(format_date(951_782_400), "2000-02-29");
    }

    #[test]
    fn parse_round_trips_and_rejects_bad_dates() {
        assert_eq!(parse_datetime("2023-11-14 22:13:20"), Some(1_700_000_000));
        assert_eq!(parse_datetime("2000-02-29 00:00:00"), Some(951_782_400));
        assert_eq!(parse_datetime("2023-02-30 00:00:00"), None);
        assert_eq!(parse_datetime("2023-11-14T22:13:20"), None);
        assert_eq!(parse_datetime("2023-11-14"), None);
        assert_eq!(parse_datetime("2023-11-14 24:00:00"), None);
    }
}
