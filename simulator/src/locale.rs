//! Localised offer texts. The service publicly lists en, de, zh-HK and zh-TW; any other
//! `language` value falls back to en. Texts are simple templates filled per offer.

/// A language the simulator localises into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    En,
    De,
    ZhHk,
    ZhTw,
}

impl Language {
    /// The language for a query argument: an exact (case-insensitive) match of a listed
    /// code, otherwise en.
    pub fn from_arg(arg: Option<&str>) -> Language {
        match arg.map(str::to_ascii_lowercase).as_deref() {
            Some("de") => Language::De,
            Some("zh-hk") => Language::ZhHk,
            Some("zh-tw") => Language::ZhTw,
            _ => Language::En,
        }
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Language::En => &EN,
            Language::De => &DE,
            Language::ZhHk => &ZH_HK,
            Language::ZhTw => &ZH_TW,
        }
    }
}

/// Templates; `{app}`, `{level}`, `{amount}` and `{currency}` are filled by [`fill`].
pub struct Texts {
    pub description: &'static str,
    pub short_description: &'static str,
    pub offer_cta: &'static str,
    pub instructions: [&'static str; 2],
    pub category: &'static str,
    pub genres: [&'static str; 4],
    pub currency_name: &'static str,
    pub currency_name_plural: &'static str,
    pub goal_level_name: &'static str,
    pub goal_level_description: &'static str,
    pub goal_purchase_name: &'static str,
    pub goal_purchase_description: &'static str,
}

static EN: Texts = Texts {
    description: "Install {app} and reach level {level} to earn {amount} {currency}.",
    short_description: "Reach level {level}",
    offer_cta: "Play now",
    instructions: [
        "Install and open {app}.",
        "Reach level {level} within 14 days.",
    ],
    category: "Games",
    genres: ["Puzzle", "Strategy", "Casual", "Role-playing"],
    currency_name: "Coin",
    currency_name_plural: "Coins",
    goal_level_name: "Reach level {level}",
    goal_level_description: "Reach level {level} in {app}.",
    goal_purchase_name: "Make a purchase",
    goal_purchase_description: "Make any in-app purchase in {app}.",
};

static DE: Texts = Texts {
    description: "Installiere {app} und erreiche Level {level}, um {amount} {currency} zu verdienen.",
    short_description: "Erreiche Level {level}",
    offer_cta: "Jetzt spielen",
    instructions: [
        "Installiere und öffne {app}.",
        "Erreiche Level {level} innerhalb von 14 Tagen.",
    ],
    category: "Spiele",
    genres: ["Rätsel", "Strategie", "Gelegenheitsspiel", "Rollenspiel"],
    currency_name: "Münze",
    currency_name_plural: "Münzen",
    goal_level_name: "Erreiche Level {level}",
    goal_level_description: "Erreiche Level {level} in {app}.",
    goal_purchase_name: "Tätige einen Kauf",
    goal_purchase_description: "Tätige einen beliebigen In-App-Kauf in {app}.",
};

static ZH_HK: Texts = Texts {
    description: "安裝{app}並達到第{level}級，即可賺取{amount}{currency}。",
    short_description: "達到第{level}級",
    offer_cta: "立即遊玩",
    instructions: ["安裝並打開{app}。", "在14日內達到第{level}級。"],
    category: "遊戲",
    genres: ["益智", "策略", "休閒", "角色扮演"],
    currency_name: "金幣",
    currency_name_plural: "金幣",
    goal_level_name: "達到第{level}級",
    goal_level_description: "在{app}中達到第{level}級。",
    goal_purchase_name: "完成一次購買",
    goal_purchase_description: "在{app}中完成任何應用程式內購買。",
};

static ZH_TW: Texts = Texts {
    description: "安裝{app}並達到第{level}級，即可獲得{amount}{currency}。",
    short_description: "達到第{level}級",
    offer_cta: "立即開玩",
    instructions: ["安裝並開啟{app}。", "在14天內達到第{level}級。"],
    category: "遊戲",
    genres: ["益智", "策略", "休閒", "角色扮演"],
    currency_name: "金幣",
    currency_name_plural: "金幣",
    goal_level_name: "達到第{level}級",
    goal_level_description: "在{app}中達到第{level}級。",
    goal_purchase_name: "完成一筆購買",
    goal_purchase_description: "在{app}中完成任何應用程式內購買。",
};

/// Values substituted into a template.
pub struct Fill<'a> {
    pub app: &'a str,
    pub level: u32,
    pub amount: f64,
    pub currency: &'a str,
}

/// The template with each placeholder replaced, in one pass into one string. Values are
/// inserted verbatim (never scanned for placeholders themselves); any other `{...}` text is
/// kept as it is.
pub fn fill(template: &str, values: &Fill<'_>) -> String {
    let mut out = String::with_capacity(template.len() + values.app.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.bytes().position(|b| b == b'{') {
        let (text, tail) = rest.split_at(open);
        out.push_str(text);
        let used = if tail.starts_with("{app}") {
            out.push_str(values.app);
            "{app}".len()
        } else if tail.starts_with("{level}") {
            push_decimal(&mut out, u64::from(values.level));
            "{level}".len()
        } else if tail.starts_with("{amount}") {
            push_f64(&mut out, values.amount);
            "{amount}".len()
        } else if tail.starts_with("{currency}") {
            out.push_str(values.currency);
            "{currency}".len()
        } else {
            out.push('{');
            1
        };
        rest = &tail[used..];
    }
    out.push_str(rest);
    out
}

/// `n` as `Display` writes it, without the formatting machinery.
fn push_decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[start..] {
        out.push(char::from(digit));
    }
}

/// `value` as `Display` writes it: whole amounts (all of the catalogue's) as integers,
/// anything else through `Display`.
fn push_f64(out: &mut String, value: f64) {
    if value.is_sign_positive() && value.fract() == 0.0 && value < 1e15 {
        push_decimal(out, value as u64);
    } else {
        use std::fmt::Write;
        // Writing into a String cannot fail.
        let _ = write!(out, "{value}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_languages_match_case_insensitively_others_fall_back() {
        assert_eq!(Language::from_arg(Some("de")), Language::De);
        assert_eq!(Language::from_arg(Some("zh-HK")), Language::ZhHk);
        assert_eq!(Language::from_arg(Some("zh-tw")), Language::ZhTw);
        assert_eq!(Language::from_arg(Some("fr")), Language::En);
        assert_eq!(Language::from_arg(None), Language::En);
    }

    #[test]
    fn fill_replaces_every_placeholder() {
        let v = Fill {
            app: "Gem Quest",
            level: 7,
            amount: 250.0,
            currency: "Coins",
        };
        assert_eq!(
            fill(EN.description, &v),
            "Install Gem Quest and reach level 7 to earn 250 Coins."
        );
        let v = Fill { amount: 12.5, ..v };
        assert_eq!(
            fill("{amount}{currency}{x} {level}{app}{", &v),
            "12.5Coins{x} 7Gem Quest{"
        );
        assert_eq!(
            fill(ZH_HK.description, &v),
            "安裝Gem Quest並達到第7級，即可賺取12.5Coins。"
        );
        assert_eq!(fill("", &v), "");
    }

    /// The one-pass fill gives what replacing each placeholder in turn gave, for every template.
    #[test]
    fn fill_matches_replacing_each_placeholder_in_turn() {
        let replaced = |t: &str, v: &Fill<'_>| {
            t.replace("{app}", v.app)
                .replace("{level}", &v.level.to_string())
                .replace("{amount}", &v.amount.to_string())
                .replace("{currency}", v.currency)
        };
        for texts in [&EN, &DE, &ZH_HK, &ZH_TW] {
            let templates = [
                texts.description,
                texts.short_description,
                texts.instructions[0],
                texts.instructions[1],
                texts.goal_level_name,
                texts.goal_level_description,
                texts.goal_purchase_name,
                texts.goal_purchase_description,
            ];
            let amounts = [
                0.0,
                -0.0,
                1.0,
                1502.0,
                12.5,
                999_999_999_999_999.0,
                1e15,
                1e21,
                f64::NAN,
            ];
            for (level, amount) in [0, 7, 42, u32::MAX]
                .into_iter()
                .flat_map(|l| amounts.map(|a| (l, a)))
            {
                let v = Fill {
                    app: "Dragon Saga",
                    level,
                    amount,
                    currency: texts.currency_name_plural,
                };
                for t in templates {
                    assert_eq!(fill(t, &v), replaced(t, &v));
                }
            }
        }
    }
}
