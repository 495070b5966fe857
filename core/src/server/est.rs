//! Reporting times: the service reports and filters in EST, a fixed UTC−5 offset (no daylight
//! saving), written `Y-m-d H:i:s`. [`EstDateTime`] is an instant that formats and parses as
//! that wall-clock text, so callers pass typed values and never build the string themselves.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::{Error, ErrorKind, Result};

const DAY: i64 = 86_400;
/// EST is UTC−5, all year.
pub const EST_OFFSET_SECS: i64 = -5 * 3600;
/// Earliest and latest instants with a four-digit year in EST.
const MIN_UNIX: i64 = -62_135_596_800 - EST_OFFSET_SECS; // 0001-01-01 00:00:00 EST
const MAX_UNIX: i64 = 253_402_300_799 - EST_OFFSET_SECS; // 9999-12-31 23:59:59 EST

/// An instant, shown as EST (UTC−5) wall-clock time `Y-m-d H:i:s`. Years 1 to 9999.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EstDateTime {
    unix: i64,
}

impl EstDateTime {
    /// The instant `unix` seconds after 1970-01-01 00:00:00 UTC.
    pub fn from_unix(unix: i64) -> Result<Self> {
        if !(MIN_UNIX..=MAX_UNIX).contains(&unix) {
            return Err(invalid(format!(
                "{unix} is outside the years 1 to 9999 in EST"
            )));
        }
        Ok(EstDateTime { unix })
    }

    /// The EST wall-clock time `year-month-day hour:minute:second`.
    pub fn new(
        year: i32,
        month: u32,
        day: u32,
        hour: u32,
        minute: u32,
        second: u32,
    ) -> Result<Self> {
        let text = format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}");
        if !(1..=9999).contains(&year)
            || !(1..=12).contains(&month)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(invalid(format!("{text} is not a valid EST date-time")));
        }
        let days = days_from_civil(i64::from(year), month, day);
        if civil_from_days(days) != (i64::from(year), month, day) {
            return Err(invalid(format!("{text} is not a valid EST date-time")));
        }
        let wall = days * DAY + i64::from(hour) * 3600 + i64::from(minute) * 60 + i64::from(second);
        EstDateTime::from_unix(wall - EST_OFFSET_SECS)
    }

    /// Parses `Y-m-d H:i:s` (e.g. `2025-03-01 00:00:00`) as EST wall-clock time.
    pub fn parse(text: &str) -> Result<Self> {
        let bad = || {
            invalid(format!(
                "{text:?} is not a date-time of the form Y-m-d H:i:s (e.g. 2025-03-01 00:00:00)"
            ))
        };
        let b = text.as_bytes();
        let shape_ok = b.len() == 19
            && b.iter().enumerate().all(|(i, c)| match i {
                4 | 7 => *c == b'-',
                10 => *c == b' ',
                13 | 16 => *c == b':',
                _ => c.is_ascii_digit(),
            });
        if !shape_ok {
            return Err(bad());
        }
        let num = |range: std::ops::Range<usize>| -> u32 {
            text[range]
                .bytes()
                .fold(0, |n, d| n * 10 + u32::from(d - b'0'))
        };
        let year = i32::try_from(num(0..4)).map_err(|_| bad())?;
        EstDateTime::new(
            year,
            num(5..7),
            num(8..10),
            num(11..13),
            num(14..16),
            num(17..19),
        )
        .map_err(|_| bad())
    }

    /// Seconds since 1970-01-01 00:00:00 UTC.
    pub fn unix(&self) -> i64 {
        self.unix
    }

    /// The same instant as a [`SystemTime`].
    pub fn to_system_time(&self) -> SystemTime {
        if self.unix >= 0 {
            UNIX_EPOCH + Duration::from_secs(self.unix.unsigned_abs())
        } else {
            UNIX_EPOCH - Duration::from_secs(self.unix.unsigned_abs())
        }
    }

    /// (year, month, day, hour, minute, second) in EST.
    pub fn wall_clock(&self) -> (i32, u32, u32, u32, u32, u32) {
        let wall = self.unix + EST_OFFSET_SECS;
        let (year, month, day) = civil_from_days(wall.div_euclid(DAY));
        let secs = wall.rem_euclid(DAY);
        (
            i32::try_from(year).unwrap_or(i32::MAX),
            month,
            day,
            (secs / 3600) as u32,
            (secs % 3600 / 60) as u32,
            (secs % 60) as u32,
        )
    }
}

impl TryFrom<SystemTime> for EstDateTime {
    type Error = Error;

    fn try_from(time: SystemTime) -> Result<Self> {
        let unix = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
            // Before 1970: round down to the whole second.
            Err(before) => {
                let d = before.duration();
                let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
                -secs - i64::from(d.subsec_nanos() > 0)
            }
        };
        EstDateTime::from_unix(unix)
    }
}

impl FromStr for EstDateTime {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        EstDateTime::parse(text)
    }
}

impl fmt::Display for EstDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, mo, d, h, mi, s) = self.wall_clock();
        write!(f, "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
    }
}

impl fmt::Debug for EstDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EstDateTime({self} EST)")
    }
}

fn invalid(message: String) -> Error {
    Error::new(ErrorKind::InvalidArgument, message)
}

/// Days since 1970-01-01 → (year, month, day) (Howard Hinnant's civil_from_days).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// (year, month, day) → days since 1970-01-01 (days_from_civil). Day 31 of a short month
/// lands in the next month, which the caller's round trip detects.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_est_wall_clock() {
        // 2023-11-14 22:13:20 UTC is 17:13:20 EST.
        let t = EstDateTime::from_unix(1_700_000_000).unwrap();
        assert_eq!(t.to_string(), "2023-11-14 17:13:20");
        // Midnight UTC is still the previous day in EST.
        assert_eq!(
            EstDateTime::from_unix(0).unwrap().to_string(),
            "1969-12-31 19:00:00"
        );
        // No daylight saving: July is UTC−5 too.
        let july = EstDateTime::try_from(UNIX_EPOCH + Duration::from_secs(1_751_371_200)).unwrap();
        assert_eq!(july.to_string(), "2025-07-01 07:00:00");
    }

    #[test]
    fn new_and_parse_round_trip() {
        let t = EstDateTime::new(2024, 2, 29, 23, 59, 59).unwrap();
        assert_eq!(t.to_string(), "2024-02-29 23:59:59");
        assert_eq!(EstDateTime::parse("2024-02-29 23:59:59").unwrap(), t);
        assert_eq!(t.unix(), 1_709_269_199); // 2024-03-01 04:59:59 UTC
        assert_eq!(EstDateTime::parse(&t.to_string()).unwrap(), t);
        assert_eq!(
            EstDateTime::new(1, 1, 1, 0, 0, 0).unwrap().to_string(),
            "0001-01-01 00:00:00"
        );
        assert_eq!(
            EstDateTime::new(9999, 12, 31, 23, 59, 59).unwrap().unix(),
            MAX_UNIX
        );
    }

    #[test]
    fn rejects_impossible_values() {
        for text in [
            "2023-02-29 00:00:00",
            "2024-13-01 00:00:00",
            "2024-04-31 00:00:00",
            "2024-01-01 24:00:00",
            "2024-01-01 00:60:00",
            "2024-01-01T00:00:00",
            "2024-01-01",
            "0000-01-01 00:00:00",
            "２０２４-01-01 00:00:00",
            "",
        ] {
            let err = EstDateTime::parse(text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{text}");
        }
        assert!(EstDateTime::from_unix(MAX_UNIX + 1).is_err());
        assert!(EstDateTime::from_unix(i64::MIN).is_err());
        assert!(EstDateTime::new(2024, 0, 1, 0, 0, 0).is_err());
    }
}
