//! Server-sent events (`text/event-stream`), the framing a Streamable HTTP server may answer
//! in and the one the legacy HTTP+SSE transport always uses.
//!
//! [`Reader`] turns a stream, fed in chunks of any size, into [`Event`]s following the WHATWG
//! event-stream rules, with one difference a captured reply needs: an event still pending when
//! the text ends is dispatched, since a saved reply often lacks the final blank line.
//! [`select_reply`] picks the one JSON-RPC reply out of a captured stream for a manifest scan.

use crate::json::{self, Value};
use std::fmt;

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The `event:` field, `message` when the event named none.
    pub name: String,
    /// The event's `data:` lines joined by `\n`.
    pub data: String,
    /// The last `id:` the stream set at or before this event (the WHATWG last event ID, which a
    /// reconnecting client sends back).
    pub id: Option<String>,
}

/// An incremental event-stream reader.
#[derive(Debug, Default)]
pub struct Reader {
    /// The unfinished line carried over from the previous chunk.
    line: String,
    /// The previous chunk ended in CR, so a LF starting this one ends no second line.
    after_cr: bool,
    /// A chunk arrived, so a byte-order mark is no longer the stream's start.
    started: bool,
    name: String,
    /// `None` until the pending event has a `data:` line; an event without one is never
    /// dispatched.
    data: Option<String>,
    last_id: Option<String>,
}

impl Reader {
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Reads one chunk of the stream, appending every event it completes to `out`. Lines end
    /// at CRLF, CR or LF, also when the pair is split between two chunks.
    pub fn feed(&mut self, chunk: &str, out: &mut Vec<Event>) {
        let mut rest = chunk;
        if !self.started && !rest.is_empty() {
            self.started = true;
            rest = rest.strip_prefix('\u{FEFF}').unwrap_or(rest);
        }
        if self.after_cr && !rest.is_empty() {
            self.after_cr = false;
            rest = rest.strip_prefix('\n').unwrap_or(rest);
        }
        while let Some(end) = rest.find(['\r', '\n']) {
            if self.line.is_empty() {
                self.field_line(&rest[..end], out);
            } else {
                self.line.push_str(&rest[..end]);
                let line = std::mem::take(&mut self.line);
                self.field_line(&line, out);
            }
            let ended_by_cr = rest.as_bytes()[end] == b'\r';
            rest = &rest[end + 1..];
            if ended_by_cr {
                if rest.is_empty() {
                    self.after_cr = true;
                }
                rest = rest.strip_prefix('\n').unwrap_or(rest);
            }
        }
        self.line.push_str(rest);
    }

    /// Ends the stream: reads an unfinished last line and dispatches a pending event.
    pub fn finish(mut self, out: &mut Vec<Event>) {
        let line = std::mem::take(&mut self.line);
        if !line.is_empty() {
            self.field_line(&line, out);
        }
        self.dispatch(out);
    }

    fn field_line(&mut self, line: &str, out: &mut Vec<Event>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line.starts_with(':') {
            return;
        }
        let (field, value) = match line.split_once(':') {
            Some((field, value)) => (field, value.strip_prefix(' ').unwrap_or(value)),
            None => (line, ""),
        };
        match field {
            "event" => value.clone_into(&mut self.name),
            "data" => match &mut self.data {
                Some(data) => {
                    data.push('\n');
                    data.push_str(value);
                }
                None => self.data = Some(value.to_string()),
            },
            "id" if !value.contains('\0') => {
                self.last_id = (!value.is_empty()).then(|| value.to_string());
            }
            // `retry` only matters to a reconnecting client; unknown fields are ignored.
            _ => {}
        }
    }

    fn dispatch(&mut self, out: &mut Vec<Event>) {
        let name = std::mem::take(&mut self.name);
        if let Some(data) = self.data.take() {
            let name = if name.is_empty() { "message".to_string() } else { name };
            out.push(Event { name, data, id: self.last_id.clone() });
        }
    }
}

/// Every event of a whole captured stream.
pub fn events(text: &str) -> Vec<Event> {
    let mut reader = Reader::new();
    let mut out = Vec::new();
    reader.feed(text, &mut out);
    reader.finish(&mut out);
    out
}

/// Why a captured stream holds no single reply to scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyError {
    /// No event's data is a JSON object or array.
    NoJsonMessage,
    /// More than one reply (or, without any reply, more than one message) is left.
    MoreThanOneReply,
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReplyError::NoJsonMessage => {
                "input is an SSE (text/event-stream) response but no data: frame held a JSON \
                 message to scan"
            }
            ReplyError::MoreThanOneReply => {
                "the SSE stream carried more than one JSON-RPC response; save the single \
                 tools/list, prompts/list or resources/list reply and scan that"
            }
        })
    }
}

impl std::error::Error for ReplyError {}

/// The one message of a captured stream a manifest scan reads: each event's data parsed as
/// JSON (unparseable data and scalars skipped), replies (`result` or `error`) preferred over
/// notifications, and exactly one left.
pub fn select_reply(events: &[Event]) -> Result<Value, ReplyError> {
    let messages: Vec<Value> = events
        .iter()
        .filter_map(|event| json::parse(&event.data).ok())
        .filter(|message| matches!(message, Value::Object(_) | Value::Array(_)))
        .collect();
    let is_reply =
        |message: &Value| message.get("result").is_some() || message.get("error").is_some();
    let mut candidates: Vec<Value> = if messages.iter().any(is_reply) {
        messages.into_iter().filter(is_reply).collect()
    } else {
        messages
    };
    match (candidates.pop(), candidates.is_empty()) {
        (None, _) => Err(ReplyError::NoJsonMessage),
        (Some(reply), true) => Ok(reply),
        (Some(_), false) => Err(ReplyError::MoreThanOneReply),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(name: &str, data: &str, id: Option<&str>) -> Event {
        Event { name: name.into(), data: data.into(), id: id.map(str::to_string) }
    }

    #[test]
    fn a_blank_line_dispatches() {
        assert_eq!(
            events("event: message\ndata: {\"a\": 1}\n\n"),
            [event("message", "{\"a\": 1}", None)]
        );
    }

    #[test]
    fn the_event_name_defaults_to_message() {
        assert_eq!(events("data: x\n\n"), [event("message", "x", None)]);
        assert_eq!(
            events("event: endpoint\ndata: /messages?s=1\n\n"),
            [event("endpoint", "/messages?s=1", None)]
        );
    }

    #[test]
    fn data_lines_join_with_newlines() {
        assert_eq!(
            events("data: {\ndata:  \"a\": 1\ndata: }\n\n"),
            [event("message", "{\n \"a\": 1\n}", None)]
        );
    }

    #[test]
    fn only_one_leading_space_is_removed_and_the_split_is_at_the_first_colon() {
        assert_eq!(events("data:x: y\n\n"), [event("message", "x: y", None)]);
        assert_eq!(events("data:   x\n\n"), [event("message", "  x", None)]);
    }

    #[test]
    fn a_line_without_colon_is_a_field_with_an_empty_value() {
        assert_eq!(events("data\n\n"), [event("message", "", None)]);
    }

    #[test]
    fn comments_and_unknown_fields_are_skipped() {
        assert_eq!(
            events(": ping\nretry: 10\nfoo: bar\ndata: x\n: more\n\n"),
            [event("message", "x", None)]
        );
    }

    #[test]
    fn an_event_without_data_is_not_dispatched() {
        assert!(events(": keep-alive\n\nevent: ping\n\n").is_empty());
        assert!(events("{\"tools\": [}").is_empty());
    }

    #[test]
    fn crlf_cr_and_lf_all_end_lines() {
        let expected =
            [event("message", "a", None), event("message", "b", None), event("message", "c", None)];
        assert_eq!(events("data: a\r\n\r\ndata: b\r\rdata: c\n\n"), expected);
    }

    #[test]
    fn pending_event_is_dispatched_at_the_end() {
        assert_eq!(events("data: a"), [event("message", "a", None)]);
        assert_eq!(events("data: a\n"), [event("message", "a", None)]);
    }

    #[test]
    fn the_last_id_carries_over() {
        assert_eq!(
            events("id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n"),
            [
                event("message", "a", Some("7")),
                event("message", "b", Some("7")),
                event("message", "c", None),
            ]
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_ignored() {
        assert_eq!(events("\u{FEFF}data: a\n\n"), [event("message", "a", None)]);
    }

    #[test]
    fn chunks_may_split_lines_and_crlf_pairs() {
        let stream = "event: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n: ping\r\r\ndata: b\n\n";
        let whole = events(stream);
        for size in 1..stream.len() {
            let mut reader = Reader::new();
            let mut out = Vec::new();
            let mut rest = stream;
            while !rest.is_empty() {
                let mut cut = size.min(rest.len());
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                reader.feed(&rest[..cut], &mut out);
                rest = &rest[cut..];
            }
            reader.finish(&mut out);
            assert_eq!(out, whole, "chunk size {size}");
        }
        assert_eq!(whole.len(), 2);
    }

    #[test]
    fn the_reply_is_preferred_over_notifications() {
        let stream = "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n\
                      : keep-alive\n\n\
                      event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n";
        let reply = select_reply(&events(stream)).expect("should succeed");
        assert!(reply.get("result").is_some());
    }

    #[test]
    fn an_error_reply_counts_as_the_reply() {
        let stream = "data: {\"method\":\"x\"}\n\ndata: {\"id\":1,\"error\":{\"code\":-1}}\n\n";
        assert!(select_reply(&events(stream)).expect("should succeed").get("error").is_some());
    }

    #[test]
    fn a_lone_notification_is_the_message() {
        let reply = select_reply(&events("data: {\"tools\": []}\n\n")).expect("should succeed");
        assert!(reply.get("tools").is_some());
    }

    #[test]
    fn unparseable_and_scalar_data_is_skipped() {
        let stream = "data: not json\n\ndata: 42\n\ndata: [1]\n\n";
        assert_eq!(
            select_reply(&events(stream)).expect("should succeed"),
            json::parse("[1]").expect("should succeed")
        );
    }

    #[test]
    fn no_json_message_is_an_error() {
        let failure =
            select_reply(&events("data: ping\n\ndata: \"x\"\n\n")).expect_err("should fail");
        assert_eq!(
            failure.to_string(),
            "input is an SSE (text/event-stream) response but no data: frame held a JSON \
             message to scan"
        );
    }

    #[test]
    fn more_than_one_reply_is_refused() {
        let stream = "data: {\"id\":1,\"result\":{}}\n\ndata: {\"id\":2,\"result\":{}}\n\n";
        let failure = select_reply(&events(stream)).expect_err("should fail");
        assert_eq!(
            failure.to_string(),
            "the SSE stream carried more than one JSON-RPC response; save the single \
             tools/list, prompts/list or resources/list reply and scan that"
        );
        let two_notifications = "data: {\"method\":\"a\"}\n\ndata: {\"method\":\"b\"}\n\n";
        assert_eq!(
            select_reply(&events(two_notifications)).expect_err("should fail"),
            ReplyError::MoreThanOneReply
        );
    }
}
