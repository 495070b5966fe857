//! The typed query of the reporting endpoint and its exact wire form.
//!
//! The builder takes typed values (dimensions, field names, EST date-times, app ids, ISO
//! country codes), adds the `filter_by` entry of every filter it is given, and checks what the
//! spec requires before anything is sent; a problem is `invalid_argument` with the service's
//! parameter names. [`ReportQuery::encode`] writes the spec's form: repeated bracketed names
//! (`group_by[]=app_id&group_by[]=date`) and `date_range[start_date]=…`.

use std::fmt;
use std::str::FromStr;

use url::form_urlencoded::byte_serialize;

use super::countries::is_iso_3166_alpha2;
use super::est::EstDateTime;
use crate::error::{Error, ErrorKind, FieldError, Result};

macro_rules! names {
    ($(#[$doc:meta])* $name:ident, $what:literal {
        $($(#[$variant_doc:meta])* $variant:ident => $text:literal),+ $(,)?
    }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$variant_doc])* $variant),+
        }

        impl $name {
            /// Every value, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name the service uses.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = Error;

            fn from_str(text: &str) -> Result<Self> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == text.trim())
                    .ok_or_else(|| {
                        let allowed: Vec<&str> = $name::ALL.iter().map(|v| v.as_str()).collect();
                        Error::new(
                            ErrorKind::InvalidArgument,
                            format!("{text:?} is not a {}; allowed: {}", $what, allowed.join(", ")),
                        )
                    })
            }
        }
    };
}

names!(
    /// A dimension the report is grouped by.
    GroupBy, "group_by value" {
        /// `app_id`: one row per application.
        AppId => "app_id",
        /// `date`: one row per day (EST).
        Date => "date",
        /// `platform`: one row per platform (e.g. android, ios, web).
        Platform => "platform",
        /// `country`: one row per country.
        Country => "country",
        /// `offer`: one row per offer.
        Offer => "offer",
    }
);

names!(
    /// A field the `fields` parameter may select (the spec's allowed list).
    ReportField, "report field" {
        /// `app_id`: the application's id.
        AppId => "app_id",
        /// `app_name`: the application's name.
        AppName => "app_name",
        /// `country_name`: the country's name.
        CountryName => "country_name",
        /// `platform_name`: the platform's name.
        PlatformName => "platform_name",
        /// `date`: the row's day (EST).
        Date => "date",
        /// `offer_name`: the offer's name.
        OfferName => "offer_name",
        /// `count`: daily active users.
        Count => "count",
        /// `payout`: publisher payout in USD.
        Payout => "payout",
        /// `offer_wall_loads`: how often the offer wall was loaded.
        OfferWallLoads => "offer_wall_loads",
        /// `gross_clicks`: every click on an offer, repeats included.
        GrossClicks => "gross_clicks",
        /// `distinct_clicks`: unique clicks.
        DistinctClicks => "distinct_clicks",
        /// `conversions`: completed conversions.
        Conversions => "conversions",
        /// `ctr`: click-through rate.
        Ctr => "ctr",
        /// `cver`: conversion rate.
        Cver => "cver",
        /// `ecpm`: effective cost per mille, USD per thousand impressions.
        Ecpm => "ecpm",
    }
);

/// A checked report query. Build it with [`ReportQuery::builder`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportQuery {
    group_by: Vec<GroupBy>,
    start: EstDateTime,
    end: EstDateTime,
    fields: Option<Vec<ReportField>>,
    apps: Option<Vec<i64>>,
    platforms: Option<Vec<String>>,
    countries: Option<Vec<String>>,
}

/// Collects the parts of a [`ReportQuery`]; [`ReportQueryBuilder::build`] checks them.
#[derive(Debug, Clone, Default)]
pub struct ReportQueryBuilder {
    group_by: Vec<GroupBy>,
    range: Option<(EstDateTime, EstDateTime)>,
    fields: Option<Vec<ReportField>>,
    apps: Option<Vec<i64>>,
    platforms: Option<Vec<String>>,
    countries: Option<Vec<String>>,
}

impl ReportQuery {
    /// An empty builder: set at least `group_by` and `date_range`.
    pub fn builder() -> ReportQueryBuilder {
        ReportQueryBuilder::default()
    }

    /// The dimensions, in the order given, without duplicates.
    pub fn group_by(&self) -> &[GroupBy] {
        &self.group_by
    }

    /// The reporting period (start, end), both ends included, in EST.
    pub fn date_range(&self) -> (EstDateTime, EstDateTime) {
        (self.start, self.end)
    }

    /// `None`: the service's default fields.
    pub fn fields(&self) -> Option<&[ReportField]> {
        self.fields.as_deref()
    }

    /// The app ids filtered on; `None`: every app.
    pub fn apps(&self) -> Option<&[i64]> {
        self.apps.as_deref()
    }

    /// The platforms filtered on, trimmed; `None`: every platform.
    pub fn platforms(&self) -> Option<&[String]> {
        self.platforms.as_deref()
    }

    /// Upper-case ISO 3166-1 alpha-2 codes.
    pub fn countries(&self) -> Option<&[String]> {
        self.countries.as_deref()
    }

    /// The `filter_by` entries the filters imply, in the spec's order.
    pub fn filter_by(&self) -> Vec<&'static str> {
        let mut keys = Vec::new();
        if self.apps.is_some() {
            keys.push("app_id");
        }
        if self.platforms.is_some() {
            keys.push("platform");
        }
        if self.countries.is_some() {
            keys.push("country");
        }
        keys
    }

    /// The query string, exactly as sent: `group_by[]=app_id&group_by[]=date&date_range[start_date]=2025-03-01+00%3A00%3A00&…`
    /// (names with literal brackets, values form-encoded).
    pub fn encode(&self) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        for g in &self.group_by {
            pairs.push(("group_by[]", g.as_str().to_owned()));
        }
        pairs.push(("date_range[start_date]", self.start.to_string()));
        pairs.push(("date_range[end_date]", self.end.to_string()));
        for f in self.fields.iter().flatten() {
            pairs.push(("fields[]", f.as_str().to_owned()));
        }
        for key in self.filter_by() {
            pairs.push(("filter_by[]", key.to_owned()));
        }
        for app in self.apps.iter().flatten() {
            pairs.push(("apps[]", app.to_string()));
        }
        for platform in self.platforms.iter().flatten() {
            pairs.push(("platforms[]", platform.clone()));
        }
        for country in self.countries.iter().flatten() {
            pairs.push(("countries[]", country.clone()));
        }
        let encoded: Vec<String> = pairs
            .into_iter()
            .map(|(name, value)| {
                format!(
                    "{name}={}",
                    byte_serialize(value.as_bytes()).collect::<String>()
                )
            })
            .collect();
        encoded.join("&")
    }
}

/// Appends each of `values` that `list` does not hold yet, in order: the builder's lists drop
/// duplicates and keep the caller's order.
fn push_new<T: PartialEq>(list: &mut Vec<T>, values: impl IntoIterator<Item = T>) {
    for value in values {
        if !list.contains(&value) {
            list.push(value);
        }
    }
}

impl ReportQueryBuilder {
    /// Adds dimensions to group by (required; duplicates are dropped, order kept).
    pub fn group_by(mut self, dimensions: impl IntoIterator<Item = GroupBy>) -> Self {
        push_new(&mut self.group_by, dimensions);
        self
    }

    /// The reporting period, both ends included (required).
    pub fn date_range(mut self, start: EstDateTime, end: EstDateTime) -> Self {
        self.range = Some((start, end));
        self
    }

    /// Selects fields instead of the service's defaults (duplicates dropped).
    pub fn fields(mut self, fields: impl IntoIterator<Item = ReportField>) -> Self {
        push_new(self.fields.get_or_insert_with(Vec::new), fields);
        self
    }

    /// Only these app ids (adds `app_id` to `filter_by`).
    pub fn apps(mut self, apps: impl IntoIterator<Item = i64>) -> Self {
        push_new(self.apps.get_or_insert_with(Vec::new), apps);
        self
    }

    /// Only these platforms, e.g. `android`, `ios`, `web` (adds `platform` to `filter_by`).
    pub fn platforms<S: Into<String>>(mut self, platforms: impl IntoIterator<Item = S>) -> Self {
        let platforms = platforms.into_iter().map(|p| p.into().trim().to_owned());
        push_new(self.platforms.get_or_insert_with(Vec::new), platforms);
        self
    }

    /// Only these countries, ISO 3166-1 alpha-2 codes in any case (adds `country` to `filter_by`).
    pub fn countries<S: Into<String>>(mut self, countries: impl IntoIterator<Item = S>) -> Self {
        let countries = countries
            .into_iter()
            .map(|c| c.into().trim().to_ascii_uppercase());
        push_new(self.countries.get_or_insert_with(Vec::new), countries);
        self
    }

    /// Checks the query; every problem is listed in one `invalid_argument` error whose field
    /// entry (path `["report"]`) is keyed by the service's parameter names.
    pub fn build(self) -> Result<ReportQuery> {
        let mut problems = FieldError::new(&["report"]);
        if self.group_by.is_empty() {
            problems.add("group_by", "The group by field is required.");
        }
        match self.range {
            None => problems.add("date_range", "The date range field is required."),
            Some((start, end)) if end < start => problems.add(
                "date_range.end_date",
                "The date range.end date field must be a date after or equal to date range.start date.",
            ),
            Some(_) => {}
        }
        if self.fields.as_ref().is_some_and(Vec::is_empty) {
            problems.add(
                "fields",
                "The fields field must have at least one item when given.",
            );
        }
        let required_with = |name: &str, key: &str| {
            format!("The {name} field is required when filter by contains {key}.")
        };
        if self.apps.as_ref().is_some_and(Vec::is_empty) {
            problems.add("apps", required_with("apps", "app_id"));
        }
        if let Some(platforms) = &self.platforms {
            if platforms.is_empty() {
                problems.add("platforms", required_with("platforms", "platform"));
            }
            for (i, p) in platforms.iter().enumerate() {
                if p.is_empty() {
                    problems.add(
                        &format!("platforms.{i}"),
                        format!("The platforms.{i} field must not be empty."),
                    );
                }
            }
        }
        if let Some(countries) = &self.countries {
            if countries.is_empty() {
                problems.add("countries", required_with("countries", "country"));
            }
            for (i, c) in countries.iter().enumerate() {
                if !is_iso_3166_alpha2(c) {
                    problems.add(
                        &format!("countries.{i}"),
                        format!("The countries.{i} field must be an ISO 3166 alpha-2 code ({c:?} is not one)."),
                    );
                }
            }
        }
        let (start, end) = match (problems.is_empty(), self.range) {
            (true, Some(range)) => range,
            _ => return Err(Error::invalid_arguments(vec![problems])),
        };
        Ok(ReportQuery {
            group_by: self.group_by,
            start,
            end,
            fields: self.fields,
            apps: self.apps,
            platforms: self.platforms,
            countries: self.countries,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> EstDateTime {
        EstDateTime::parse(text).unwrap()
    }

    fn base() -> ReportQueryBuilder {
        ReportQuery::builder()
            .group_by([GroupBy::AppId, GroupBy::Date])
            .date_range(t("2025-03-01 00:00:00"), t("2025-03-02 23:59:59"))
    }

    #[test]
    fn encodes_every_parameter_exactly() {
        let q = base()
            .fields([ReportField::Payout, ReportField::Cver])
            .apps([1001, 1002])
            .platforms(["android", "ios"])
            .countries(["us", "DE"])
            .build()
            .unwrap();
        assert_eq!(
            q.encode(),
            "group_by[]=app_id&group_by[]=date\
             &date_range[start_date]=2025-03-01+00%3A00%3A00\
             &date_range[end_date]=2025-03-02+23%3A59%3A59\
             &fields[]=payout&fields[]=cver\
             &filter_by[]=app_id&filter_by[]=platform&filter_by[]=country\
             &apps[]=1001&apps[]=1002\
             &platforms[]=android&platforms[]=ios\
             &countries[]=US&countries[]=DE"
        );
        let minimal = base().build().unwrap();
        assert_eq!(
            minimal.encode(),
            "group_by[]=app_id&group_by[]=date\
             &date_range[start_date]=2025-03-01+00%3A00%3A00\
             &date_range[end_date]=2025-03-02+23%3A59%3A59"
        );
        // Values are form-encoded; names are not.
        let odd = base().platforms(["a&b=c d"]).build().unwrap();
        assert!(
            odd.encode()
                .ends_with("&filter_by[]=platform&platforms[]=a%26b%3Dc+d")
        );
    }

    #[test]
    fn filters_add_their_filter_by_entry_alone() {
        let q = base().countries(["tw"]).build().unwrap();
        assert_eq!(q.filter_by(), ["country"]);
        assert_eq!(q.countries().unwrap(), ["TW"]);
        assert!(q.encode().contains("&filter_by[]=country&countries[]=TW"));
        assert!(!q.encode().contains("app_id&apps"));
    }

    #[test]
    fn duplicates_are_dropped() {
        let q = base()
            .group_by([GroupBy::Date])
            .apps([7, 7])
            .countries(["us", "US"])
            .build()
            .unwrap();
        assert_eq!(q.group_by(), [GroupBy::AppId, GroupBy::Date]);
        assert_eq!(q.apps().unwrap(), [7]);
        assert_eq!(q.countries().unwrap(), ["US"]);
    }

    #[test]
    fn invalid_combinations_fail_locally_listing_every_problem() {
        let err = ReportQuery::builder()
            .fields([])
            .apps([])
            .platforms([""])
            .countries(["UK", "USA", "de"])
            .build()
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        let args = &err.fields()[0].arguments;
        assert_eq!(err.fields()[0].path, ["report"]);
        assert_eq!(args["group_by"], ["The group by field is required."]);
        assert_eq!(args["date_range"], ["The date range field is required."]);
        assert!(args.contains_key("fields"));
        assert_eq!(
            args["apps"],
            ["The apps field is required when filter by contains app_id."]
        );
        assert!(args.contains_key("platforms.0"));
        assert!(args["countries.0"][0].contains("\"UK\""));
        assert!(args.contains_key("countries.1"));
        assert!(!args.contains_key("countries.2"), "de is DE");
        assert!(err.message().contains("ISO 3166 alpha-2"));

        let err = ReportQuery::builder()
            .group_by([GroupBy::Offer])
            .date_range(t("2025-03-02 00:00:00"), t("2025-03-01 00:00:00"))
            .build()
            .unwrap_err();
        assert!(
            err.fields()[0]
                .arguments
                .contains_key("date_range.end_date")
        );
        let err = base().countries(Vec::<String>::new()).build().unwrap_err();
        assert!(err.fields()[0].arguments.contains_key("countries"));
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!("platform".parse::<GroupBy>().unwrap(), GroupBy::Platform);
        assert_eq!(GroupBy::ALL.len(), 5);
        assert_eq!(ReportField::ALL.len(), 15);
        for f in ReportField::ALL {
            assert_eq!(f.as_str().parse::<ReportField>().unwrap(), *f);
        }
        let err = "week".parse::<GroupBy>().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert!(
            err.message()
                .contains("app_id, date, platform, country, offer")
        );
        assert!(
            "impressions".parse::<ReportField>().is_err(),
            "not selectable"
        );
    }
}
