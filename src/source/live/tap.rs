//! What a live scan keeps of the conversation, shared by rune's transports and the driver.
//!
//! rmcp deserializes every message into its own types, which drop fields the protocol does not
//! name, sort schema keys and refuse lone surrogates, so what rmcp hands back is not what the
//! server said. Each transport therefore parses a message with rune's own JSON reader first,
//! files replies here exactly as they arrived, and only then gives rmcp its typed copy.
//!
//! The tap also holds the first failure a transport saw (an HTTP status, a process that
//! exited, a message too large), which says more than the error rmcp surfaces later, the
//! origin a redirect tried to take the scan's credentials to, and the lines a stdio server
//! wrote to stdout that were skipped as not JSON-RPC (see [`Tap::skip_noise`]).

use super::{LiveError, quote};
use crate::json::{self, JsonError, Value};
use rmcp::model::{ClientJsonRpcMessage, JsonRpcMessage, ServerJsonRpcMessage};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

#[derive(Default)]
pub(super) struct Tap {
    state: Mutex<State>,
    /// Signalled when a failure or a foreign origin is recorded, so the scan stops at once
    /// instead of waiting out its budget.
    abort: Notify,
}

#[derive(Default)]
struct State {
    /// The id (as compact JSON) of the last request sent.
    last_request: Option<String>,
    /// The method of the last request sent, until its reply arrives: what a timeout waited for.
    awaiting: Option<String>,
    /// Replies not yet taken, by id.
    replies: HashMap<String, Value>,
    failure: Option<LiveError>,
    foreign_origin: Option<String>,
    noise: Noise,
}

/// Lines of a stdio server's stdout skipped as not JSON-RPC (a banner, a log line).
#[derive(Default)]
struct Noise {
    lines: usize,
    bytes: usize,
    /// The first one, quoted for a message.
    first: Option<String>,
    /// Past the bounds: the scan failed, naming the first line.
    overflowed: bool,
}

/// The most noise a server may write before the scan fails: enough for banners and startup
/// logs, too little for a server that does not speak the protocol at all to stall the scan.
pub(super) const NOISE_LINES: usize = 100;
pub(super) const NOISE_BYTES: usize = 64 * 1024;

impl Tap {
    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves nothing half-written worth refusing.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Parses a message a transport received: files a reply under its id and returns the typed
    /// copy for rmcp. A message rmcp cannot take is a failure of the scan.
    pub(super) fn received(&self, raw: Value) -> Result<ServerJsonRpcMessage, LiveError> {
        let message = serde_json::from_value(to_serde(&raw)).map_err(|error| {
            self.fail(LiveError::Protocol(format!(
                "server sent something that is not a JSON-RPC message ({error})"
            )))
        })?;
        let is_reply = raw.get("result").is_some() || raw.get("error").is_some();
        if let (true, Some(id)) = (is_reply, raw.get("id")) {
            let id = json::to_compact(id);
            let mut state = self.state();
            if state.last_request.as_deref() == Some(id.as_str()) {
                state.awaiting = None;
            }
            state.replies.insert(id, raw);
        }
        Ok(message)
    }

    /// Parses one message's text and files it (see [`Tap::received`]).
    pub(super) fn received_text(&self, text: &str) -> Result<ServerJsonRpcMessage, LiveError> {
        match json::parse(text) {
            Ok(raw) => self.received(raw),
            Err(error) => Err(self.not_json(&error, text)),
        }
    }

    /// Fails the scan on a message that does not parse.
    pub(super) fn not_json(&self, error: &JsonError, text: &str) -> LiveError {
        self.fail(LiveError::Protocol(format!(
            "server sent a message that is not JSON ({error}): {}",
            quote(text)
        )))
    }

    /// Counts one line skipped as not JSON-RPC; past [`NOISE_LINES`] lines or [`NOISE_BYTES`]
    /// in all, the scan fails.
    pub(super) fn skip_noise(&self, line: &str) -> Result<(), LiveError> {
        let mut state = self.state();
        let noise = &mut state.noise;
        noise.lines += 1;
        noise.bytes = noise.bytes.saturating_add(line.len());
        let first = noise.first.get_or_insert_with(|| quote(line)).clone();
        let excess = if noise.lines > NOISE_LINES {
            format!("more than {NOISE_LINES} lines to stdout that are")
        } else if noise.bytes > NOISE_BYTES {
            format!("more than {} to stdout that is", super::size(NOISE_BYTES))
        } else {
            return Ok(());
        };
        noise.overflowed = true;
        drop(state);
        Err(self.fail(LiveError::Failed(format!(
            "server wrote {excess} not JSON-RPC, past what rune skips as startup noise; the \
             first: {first}"
        ))))
    }

    /// What was skipped as not JSON-RPC, as a warning; `None` when nothing was, or when too
    /// much was (the failure says so).
    pub(super) fn noise_note(&self) -> Option<String> {
        let state = self.state();
        let Noise { lines, first: Some(first), overflowed: false, .. } = &state.noise else {
            return None;
        };
        let (count, verb) = if *lines == 1 {
            ("1 line".to_string(), "is")
        } else {
            (format!("{lines} lines"), "are")
        };
        Some(format!(
            "server wrote {count} to stdout that {verb} not JSON-RPC, skipped as MCP clients \
             skip them; the first: {first}"
        ))
    }

    /// The reply to the last request sent, taken out of the tap.
    pub(super) fn take_last_reply(&self) -> Option<Value> {
        let mut state = self.state();
        let id = state.last_request.clone()?;
        state.replies.remove(&id)
    }

    /// Records a failure (the first one wins) and stops the scan. Returns it for convenience.
    pub(super) fn fail(&self, failure: LiveError) -> LiveError {
        let mut state = self.state();
        if state.failure.is_none() {
            state.failure = Some(failure.clone());
        }
        self.abort.notify_one();
        failure
    }

    pub(super) fn failure(&self) -> Option<LiveError> {
        self.state().failure.clone()
    }

    /// Records that a redirect pointed at `origin` and was not followed.
    pub(super) fn refuse_origin(&self, origin: String) {
        self.state().foreign_origin.get_or_insert(origin);
        self.abort.notify_one();
    }

    /// The method of the request whose reply has not come, if one is outstanding.
    pub(super) fn awaiting(&self) -> Option<String> {
        self.state().awaiting.clone()
    }

    pub(super) fn foreign_origin(&self) -> Option<String> {
        self.state().foreign_origin.clone()
    }

    /// Resolves once a failure or a foreign origin has been recorded.
    pub(super) async fn aborted(&self) {
        self.abort.notified().await;
    }

    fn sent(&self, message: &ClientJsonRpcMessage) {
        if let JsonRpcMessage::Request(request) = message
            && let Ok(id) = serde_json::to_string(&request.id)
        {
            let mut state = self.state();
            state.last_request = Some(id);
            state.awaiting = Some(request.request.method().to_string());
        }
    }
}

/// A transport whose outgoing requests the tap notes, so the driver can find each reply.
pub(super) struct Tapped<T> {
    pub(super) inner: T,
    pub(super) tap: Arc<Tap>,
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for Tapped<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.tap.sent(&item);
        self.inner.send(item)
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleClient>>> + Send {
        self.inner.receive()
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

/// rune's JSON as serde's, for rmcp. Lone surrogates stay the private carrier characters rune
/// parses them to (rmcp never looks inside the text), and a number serde cannot hold (an
/// exponent past `f64`) becomes `null` in rmcp's copy only.
fn to_serde(value: &Value) -> serde_json::Value {
    match value {
        Value::Null => serde_json::Value::Null,
        Value::Bool(flag) => serde_json::Value::Bool(*flag),
        Value::Number(text) => {
            text.parse().map_or(serde_json::Value::Null, serde_json::Value::Number)
        }
        Value::String(text) => serde_json::Value::String(text.clone()),
        Value::Array(items) => serde_json::Value::Array(items.iter().map(to_serde).collect()),
        Value::Object(members) => serde_json::Value::Object(
            members.iter().map(|(key, value)| (key.clone(), to_serde(value))).collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_is_filed_exactly_as_sent_and_rmcp_gets_a_typed_copy() {
        let tap = Tap::default();
        let text = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"},"x-extra":"\ud800","_meta":{"k":1e999}}]}}"#;
        let message = tap.received_text(text).expect("a JSON-RPC reply");
        assert!(matches!(message, JsonRpcMessage::Response(_)));
        tap.state().last_request = Some("1".into());
        let raw = tap.take_last_reply().expect("filed");
        assert_eq!(raw, json::parse(text).expect("valid"));
        assert_eq!(tap.take_last_reply(), None, "taken once");
    }

    #[test]
    fn not_json_and_not_json_rpc_are_failures() {
        let tap = Tap::default();
        let failure = tap.received_text("hello\u{1b}[31m").expect_err("not JSON");
        assert!(failure.to_string().starts_with("server sent a message that is not JSON ("));
        assert!(failure.to_string().ends_with("'hello<U+001B>[31m'"), "{failure}");
        assert_eq!(tap.failure(), Some(failure));
        let other = Tap::default().received_text(r#"{"log": "x"}"#).expect_err("not JSON-RPC");
        assert!(other.to_string().starts_with("server sent something that is not a JSON-RPC"));
    }

    #[test]
    fn noise_is_counted_quoted_and_bounded() {
        let tap = Tap::default();
        assert_eq!(tap.noise_note(), None);
        tap.skip_noise("Server \u{1b}[1mup").expect("within bounds");
        assert_eq!(
            tap.noise_note().as_deref(),
            Some(
                "server wrote 1 line to stdout that is not JSON-RPC, skipped as MCP clients \
                 skip them; the first: 'Server <U+001B>[1mup'"
            )
        );
        for _ in 1..NOISE_LINES {
            tap.skip_noise("more").expect("within bounds");
        }
        assert!(tap.noise_note().is_some_and(|note| note.starts_with("server wrote 100 lines")));
        let failure = tap.skip_noise("one too many").expect_err("past the line bound");
        assert!(failure.to_string().ends_with("the first: 'Server <U+001B>[1mup'"), "{failure}");
        assert_eq!(tap.failure(), Some(failure));
        assert_eq!(tap.noise_note(), None, "the failure says it");

        let bytes = Tap::default();
        bytes.skip_noise(&"x".repeat(NOISE_BYTES)).expect("within bounds");
        let failure = bytes.skip_noise("x").expect_err("past the byte bound");
        assert!(failure.to_string().starts_with("server wrote more than 64 KiB"), "{failure}");
    }

    #[test]
    fn the_first_failure_wins() {
        let tap = Tap::default();
        tap.fail(LiveError::Failed("first".into()));
        tap.fail(LiveError::Failed("second".into()));
        assert_eq!(tap.failure(), Some(LiveError::Failed("first".into())));
    }
}
