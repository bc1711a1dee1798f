//! Spec strings: `name`, `name(key=value,...)`, as used to name games and agents.
//!
//! Grammar (whitespace around tokens is ignored):
//! ```text
//! spec  := name [ "(" [ arg { "," arg } ] ")" ]
//! arg   := [ key "=" ] value
//! value := quoted | spec | bare
//! ```
//! `quoted` is a double-quoted string with `\"` and `\\` escapes (for commands such as
//! `external(cmd="python3 bot.py")`); a nested spec such as `misere(game=connect_four())` is
//! kept as its text and parsed again by whoever reads it; `bare` is any run of characters other
//! than `,()="`. Names and keys are case-sensitive.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// A parsed spec string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    pub args: Vec<SpecArg>,
}

/// One argument: `key=value`, or a positional `value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecArg {
    pub key: Option<String>,
    pub value: String,
}

/// What can go wrong when reading a spec.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("bad spec '{text}' at character {position}: {message}")]
    Syntax {
        text: String,
        position: usize,
        message: String,
    },
    #[error("unknown {kind} '{name}' (valid: {})", valid.join(", "))]
    UnknownName {
        kind: String,
        name: String,
        valid: Vec<String>,
    },
    #[error("unknown option '{key}' for {owner} (valid: {})", if valid.is_empty() { "none".to_string() } else { valid.join(", ") })]
    UnknownOption {
        owner: String,
        key: String,
        valid: Vec<String>,
    },
    #[error("bad value '{value}' for option '{key}' of {owner}: {message}")]
    BadValue {
        owner: String,
        key: String,
        value: String,
        message: String,
    },
}

impl Spec {
    /// Parses a whole spec string.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let mut parser = Parser {
            text,
            chars: text.char_indices().collect(),
            pos: 0,
            depth: 0,
        };
        let spec = parser.spec()?;
        parser.skip_ws();
        if parser.pos < parser.chars.len() {
            return Err(parser.error("unexpected text after the spec"));
        }
        Ok(spec)
    }

    /// A spec with a name and no arguments.
    pub fn named(name: &str) -> Spec {
        Spec {
            name: name.to_string(),
            args: Vec::new(),
        }
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|a| a.key.as_deref() == Some(key))
            .map(|a| a.value.as_str())
    }

    /// The positional arguments, in order.
    pub fn positional(&self) -> impl Iterator<Item = &str> {
        self.args
            .iter()
            .filter(|a| a.key.is_none())
            .map(|a| a.value.as_str())
    }

    /// Fails with a list of the valid options if any key is not in `allowed`, a key repeats,
    /// or a positional argument is present.
    pub fn expect_keys(&self, allowed: &[&str]) -> Result<(), SpecError> {
        let unknown = |key: &str| SpecError::UnknownOption {
            owner: self.name.clone(),
            key: key.to_string(),
            valid: allowed.iter().map(|s| s.to_string()).collect(),
        };
        for (i, arg) in self.args.iter().enumerate() {
            match &arg.key {
                None => return Err(unknown(&arg.value)),
                Some(k) if !allowed.contains(&k.as_str()) => return Err(unknown(k)),
                Some(k) => {
                    if self.args[..i].iter().any(|a| a.key.as_ref() == Some(k)) {
                        return Err(self.bad_value(k, &arg.value, "given twice"));
                    }
                }
            }
        }
        Ok(())
    }

    /// An error about the value of `key`.
    pub fn bad_value(&self, key: &str, value: &str, message: impl Into<String>) -> SpecError {
        SpecError::BadValue {
            owner: self.name.clone(),
            key: key.to_string(),
            value: value.to_string(),
            message: message.into(),
        }
    }

    /// The value of `key` parsed with `FromStr`, or `default` if absent.
    pub fn parse_or<T: FromStr>(&self, key: &str, default: T) -> Result<T, SpecError>
    where
        T::Err: fmt::Display,
    {
        Ok(self.parse_opt(key)?.unwrap_or(default))
    }

    /// The value of `key` parsed with `FromStr`, if present.
    pub fn parse_opt<T: FromStr>(&self, key: &str) -> Result<Option<T>, SpecError>
    where
        T::Err: fmt::Display,
    {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .parse::<T>()
                .map(Some)
                .map_err(|e| self.bad_value(key, v, e.to_string())),
        }
    }

    /// An integer option within `min..=max`, or `default`.
    pub fn int_in(&self, key: &str, default: u64, min: u64, max: u64) -> Result<u64, SpecError> {
        let v: u64 = self.parse_or(key, default)?;
        if v < min || v > max {
            return Err(self.bad_value(key, &v.to_string(), format!("must be {min}..={max}")));
        }
        Ok(v)
    }

    /// A boolean option (`true`/`false`/`1`/`0`/`yes`/`no`), or `default`.
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, SpecError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => {
                parse_bool(v).ok_or_else(|| self.bad_value(key, v, "expected true or false"))
            }
        }
    }

    /// A duration option (`200ms`, `1s`, `1.5s`, `2m`; a bare number is milliseconds).
    pub fn duration_opt(&self, key: &str) -> Result<Option<Duration>, SpecError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => parse_duration(v)
                .map(Some)
                .map_err(|m| self.bad_value(key, v, m)),
        }
    }

    /// The time per move: `movetime`, or its alias `time` (a duration as for
    /// [`Spec::duration_opt`]).
    pub fn movetime_opt(&self) -> Result<Option<Duration>, SpecError> {
        Ok(self
            .duration_opt("movetime")?
            .or(self.duration_opt("time")?))
    }
}

/// Parses `true`/`false`/`1`/`0`/`yes`/`no`/`on`/`off`.
pub fn parse_bool(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// Parses a duration: `250ms`, `1s`, `1.5s`, `2m`, `100us`; a bare number is milliseconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration (try 200ms or 1.5s)"))?;
    let seconds = match unit {
        "" | "ms" => value / 1000.0,
        "s" => value,
        "m" | "min" => value * 60.0,
        "us" => value / 1_000_000.0,
        _ => return Err(format!("unknown time unit '{unit}' (use us, ms, s or m)")),
    };
    if !seconds.is_finite() || !(0.0..=1e7).contains(&seconds) {
        return Err(format!("'{text}' is out of range"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

impl fmt::Display for Spec {
    /// The canonical form: `name` or `name(k=v,...)`, quoting values that need it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, arg) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Some(k) = &arg.key {
                write!(f, "{k}=")?;
            }
            // Any whitespace, not only spaces: a bare value is trimmed when read back.
            let plain = !arg.value.is_empty()
                && !arg
                    .value
                    .contains(|c: char| c.is_whitespace() || matches!(c, '"' | ',' | '='))
                && Spec::parse(&arg.value).is_ok();
            if plain {
                f.write_str(&arg.value)?;
            } else {
                write!(
                    f,
                    "\"{}\"",
                    arg.value.replace('\\', "\\\\").replace('"', "\\\"")
                )?;
            }
        }
        f.write_str(")")
    }
}

impl FromStr for Spec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Spec, SpecError> {
        Spec::parse(s)
    }
}

/// How deeply specs may nest (`misere(game=connect_four())` is 2): the parser recurses, and
/// a string of thousands of `a(` must be an error, not a stack overflow.
pub const MAX_NESTING: usize = 16;

struct Parser<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    pos: usize,
    /// Specs open around the current position.
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> SpecError {
        SpecError::Syntax {
            text: self.text.to_string(),
            position: self.pos + 1,
            message: message.to_string(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).map(|&(_, c)| c)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn byte_at(&self, pos: usize) -> usize {
        self.chars.get(pos).map_or(self.text.len(), |&(b, _)| b)
    }

    /// A run of characters other than the spec punctuation, trimmed.
    fn bare(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !matches!(c, ',' | '(' | ')' | '=' | '"'))
        {
            self.pos += 1;
        }
        self.text[self.byte_at(start)..self.byte_at(self.pos)]
            .trim()
            .to_string()
    }

    fn spec(&mut self) -> Result<Spec, SpecError> {
        self.skip_ws();
        let name = self.bare();
        if name.is_empty() {
            return Err(self.error("expected a name"));
        }
        if name.contains(char::is_whitespace) {
            return Err(self.error("a name cannot contain spaces"));
        }
        let mut args = Vec::new();
        self.skip_ws();
        if self.peek() == Some('(') {
            if self.depth == MAX_NESTING {
                return Err(self.error(&format!("specs nest more than {MAX_NESTING} deep")));
            }
            self.depth += 1;
            self.pos += 1;
            self.skip_ws();
            if self.peek() == Some(')') {
                self.pos += 1;
            } else {
                loop {
                    args.push(self.arg()?);
                    self.skip_ws();
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some(')') => {
                            self.pos += 1;
                            break;
                        }
                        _ => return Err(self.error("expected ',' or ')'")),
                    }
                }
            }
            self.depth -= 1;
        }
        Ok(Spec { name, args })
    }

    fn arg(&mut self) -> Result<SpecArg, SpecError> {
        self.skip_ws();
        let start = self.pos;
        let first = self.value()?;
        self.skip_ws();
        if self.peek() == Some('=') {
            let key_is_plain = self.chars[start].1 != '"' && !first.contains(['(', ')']);
            if !key_is_plain || first.is_empty() {
                return Err(self.error("bad option name before '='"));
            }
            self.pos += 1;
            let value = self.value()?;
            return Ok(SpecArg {
                key: Some(first),
                value,
            });
        }
        Ok(SpecArg {
            key: None,
            value: first,
        })
    }

    /// A quoted string, a nested spec (kept as text), or a bare word.
    fn value(&mut self) -> Result<String, SpecError> {
        self.skip_ws();
        if self.peek() == Some('"') {
            self.pos += 1;
            let mut out = String::new();
            loop {
                match self.peek() {
                    None => return Err(self.error("unterminated quoted string")),
                    Some('"') => {
                        self.pos += 1;
                        return Ok(out);
                    }
                    Some('\\') => {
                        self.pos += 1;
                        match self.peek() {
                            Some(c) => out.push(c),
                            None => return Err(self.error("unterminated quoted string")),
                        }
                        self.pos += 1;
                    }
                    Some(c) => {
                        out.push(c);
                        self.pos += 1;
                    }
                }
            }
        }
        let start = self.pos;
        let word = self.bare();
        if self.peek() == Some('(') {
            self.pos = start;
            let begin = self.byte_at(start);
            self.spec()?;
            return Ok(self.text[begin..self.byte_at(self.pos)].trim().to_string());
        }
        if word.is_empty() {
            return Err(self.error("expected a value"));
        }
        if word.contains(char::is_whitespace) {
            return Err(self.error("a value with spaces must be quoted"));
        }
        Ok(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_name() {
        let s = Spec::parse("random").unwrap();
        assert_eq!(s.name, "random");
        assert!(s.args.is_empty());
        assert_eq!(Spec::parse(" connect4() ").unwrap().name, "connect4");
    }

    #[test]
    fn options_quotes_and_nesting() {
        let s = Spec::parse(r#"external(cmd="python3 bot.py --x \"y\"", time=1s)"#).unwrap();
        assert_eq!(s.get("cmd"), Some(r#"python3 bot.py --x "y""#));
        assert_eq!(
            s.duration_opt("time").unwrap(),
            Some(Duration::from_secs(1))
        );
        let m = Spec::parse("misere(game=connect_four())").unwrap();
        assert_eq!(m.get("game"), Some("connect_four()"));
        let p = Spec::parse("misere(hex(size=5))").unwrap();
        assert_eq!(p.positional().collect::<Vec<_>>(), vec!["hex(size=5)"]);
    }

    #[test]
    fn typed_options_and_errors() {
        let s = Spec::parse("alphabeta(depth=8,eval=seed2)").unwrap();
        assert_eq!(s.int_in("depth", 4, 1, 64).unwrap(), 8);
        assert!(s.expect_keys(&["depth", "eval"]).is_ok());
        let err = s.expect_keys(&["depth"]).unwrap_err().to_string();
        assert!(
            err.contains("unknown option 'eval'") && err.contains("valid: depth"),
            "{err}"
        );
        let bad = Spec::parse("alphabeta(depth=x)").unwrap();
        assert!(bad.int_in("depth", 4, 1, 64).is_err());
        let twice = Spec::parse("a(k=1,k=2)").unwrap();
        assert!(twice.expect_keys(&["k"]).is_err());
        assert!(Spec::parse("hex(size=5,swap=yes)")
            .unwrap()
            .bool_or("swap", false)
            .unwrap());
    }

    #[test]
    fn syntax_errors_name_the_position() {
        for bad in ["", "a(", "a(b=)", "a(b", "a)b", "a(\"x)", "a b"] {
            assert!(Spec::parse(bad).is_err(), "{bad:?} should fail");
        }
        let e = Spec::parse("abc(d=1 e)").unwrap_err().to_string();
        assert!(e.contains("character"), "{e}");
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "engine(movetime=200ms,eval=strong,tt=64)",
            "external(cmd=\"python3 bot.py\")",
            "misere(game=connect_four())",
            "hex(size=11,swap=true)",
            // Found by the fuzz target `spec`: a value starting with a carriage return was
            // written bare and lost it when read back.
            "external(cmd=\"\r./bot\",log=\"a\tb\")",
        ] {
            let s = Spec::parse(text).unwrap();
            assert_eq!(Spec::parse(&s.to_string()).unwrap(), s, "{text}");
        }
    }

    #[test]
    fn nesting_is_bounded() {
        let nested = |n: usize| format!("{}x{}", "a(".repeat(n), ")".repeat(n));
        assert!(Spec::parse(&nested(MAX_NESTING)).is_ok());
        let deep = Spec::parse(&nested(MAX_NESTING + 1))
            .unwrap_err()
            .to_string();
        assert!(deep.contains("nest more than"), "{deep}");
        // Found by the fuzz target `spec`: 100,000 levels overflowed the stack.
        assert!(Spec::parse(&"a(".repeat(100_000)).is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("200ms").unwrap(), Duration::from_millis(200));
        assert_eq!(parse_duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert_eq!(parse_duration("150").unwrap(), Duration::from_millis(150));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert!(parse_duration("fast").is_err());
        assert!(parse_duration("5h").is_err());
    }
}
