//! What rune answers when a server asks it something in the middle of a scan.
//!
//! rune advertises no client capability, yet servers send requests anyway (a `ping` to check
//! the line, `roots/list` or `sampling/createMessage` before they look at what the client
//! offered). A `ping` is answered, as the protocol requires of every client. Every other
//! request is refused with JSON-RPC's "method not found": rune has no roots to show and no
//! model to lend, and an empty roots list (rmcp's default answer) would tell the server the
//! user chose to share nothing. Notifications are read and ignored.

// Sampling and roots are deprecated in the protocol (SEP-2577), yet servers still ask for them.
#![allow(deprecated)]

use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, CreateMessageRequestParams, CreateMessageResult, CustomRequest, CustomResult,
    ElicitRequestParams, ElicitResult, ErrorCode, ErrorData, ListRootsResult,
};
use rmcp::service::{RequestContext, RoleClient};

/// rune's side of the session: who it says it is and what it answers.
pub(super) struct Scanner {
    pub(super) info: ClientConfig,
}

/// The refusal of a request rune does not serve.
fn refuse(method: &str) -> ErrorData {
    ErrorData::new(
        ErrorCode::METHOD_NOT_FOUND,
        format!("{method} is not offered: this client only reads what the server advertises"),
        None,
    )
}

impl ClientHandler for Scanner {
    // rmcp's default `ping` answers with an empty result, as the protocol asks.

    async fn create_message(
        &self,
        _params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        Err(refuse("sampling/createMessage"))
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        Err(refuse("roots/list"))
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Err(refuse("elicitation/create"))
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleClient>,
    ) -> Result<CustomResult, ErrorData> {
        Err(refuse(&request.method))
    }

    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }
}
