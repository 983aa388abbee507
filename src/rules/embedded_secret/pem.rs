//! PEM private key blocks, and the Google Cloud service account key files that carry one.

use super::gate::{entropy_of, is_secret};
use super::message;
use crate::model::Severity;
use crate::rules::Hit;
use crate::rules::pattern::Regex;
use std::sync::LazyLock;

/// A service account key file's key id: names the key, authenticates nothing alone.
static KEY_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""private_key_id"[ \t]*:[ \t]*"([0-9a-f]{40})""#)
        .expect("embedded-secret key id pattern compiles")
});

/// Every key id search starts at its JSON field's name.
pub(super) const KEY_ID_STEMS: &[&str] = &["private_key_id"];

/// A PEM private key: the armour at `start..header_end`, then a real base64 body.
pub(super) fn private_key_hit(raw: &str, start: usize, header_end: usize) -> Option<Hit> {
    let body = pem_body(raw, header_end);
    // A header alone, or a few characters and an ellipsis, is documentation of the format.
    let enough = body.base64 >= 64 && !body.truncated;
    (enough && body.entropy >= 4.5).then(|| {
        let prefix = header_end - start;
        let name = if is_service_account_file(raw) {
            "a Google Cloud service account private key"
        } else {
            "a private key"
        };
        Hit::new(start, body.end, message(name)).redacted(prefix)
    })
}

/// A service account key file's `private_key_id`, where the file's private key itself is
/// missing or elided (a whole key is reported as the key).
pub(super) fn find_key_id(raw: &str, hits: &mut Vec<Hit>) {
    if !is_service_account_file(raw) || has_private_key(raw) {
        return;
    }
    for captures in KEY_ID.captures_iter(raw) {
        let Some(id) = captures.get(1) else { continue };
        if !is_secret(id.as_str(), 16) {
            continue;
        }
        let hit = Hit::new(id.start(), id.end(), message("a Google Cloud service account key id"));
        hits.push(hit.redacted(0).with_severity(Severity::Medium));
    }
}

/// Whether `raw` holds a service account key file: its `private_key` fields and its account's
/// address.
fn is_service_account_file(raw: &str) -> bool {
    raw.contains("\"private_key") && raw.contains(".iam.gserviceaccount.com")
}

/// Whether `raw` holds a private key block that would be reported as one.
fn has_private_key(raw: &str) -> bool {
    raw.match_indices("-----BEGIN ").any(|(start, _)| {
        let header = &raw[start + 11..];
        let Some(close) = header.find("-----") else { return false };
        let header_end = start + 11 + close + 5;
        header[..close].ends_with("PRIVATE KEY")
            && private_key_hit(raw, start, header_end).is_some()
    })
}

struct PemBody {
    /// Where the block ends: after its `-----END ...-----` line, or after the last body line.
    end: usize,
    /// Base64 characters in the body.
    base64: usize,
    /// Shannon entropy of those characters, in bits each.
    entropy: f64,
    /// Whether the body stops at an ellipsis (`...`, `…`): an excerpt, not a key.
    truncated: bool,
}

/// Reads a PEM body from `from`: base64 lines, armour headers (`Proc-Type: ...`) and the END
/// line, separated by real line breaks or the two characters `\n` of a doubly escaped string.
fn pem_body(raw: &str, from: usize) -> PemBody {
    let bytes = raw.as_bytes();
    let mut counts = [0u32; 128];
    let mut base64 = 0;
    let mut at = from;
    let mut end = from;
    loop {
        while at < bytes.len() {
            match bytes[at] {
                b' ' | b'\t' | b'\r' | b'\n' => at += 1,
                b'\\' if matches!(bytes.get(at + 1), Some(b'n' | b'r')) => at += 2,
                _ => break,
            }
        }
        let rest = &raw[at..];
        if let Some(footer) = rest.strip_prefix("-----END ") {
            if let Some(close) = footer.find("-----") {
                end = raw.len() - footer.len() + close + 5;
            }
            break;
        }
        let name = rest.bytes().take_while(|b| b.is_ascii_alphabetic() || *b == b'-').count();
        if name > 0 && rest[name..].starts_with(": ") {
            let line =
                rest.find('\n').unwrap_or(rest.len()).min(rest.find("\\n").unwrap_or(rest.len()));
            at += line;
            end = at;
            continue;
        }
        let run =
            rest.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b"+/=".contains(&b)).count();
        // Body lines end at a line break; a short run followed by a space is a word of prose
        // (a flattened key keeps its long runs).
        let line_ends = matches!(rest.as_bytes().get(run), None | Some(b'\r' | b'\n' | b'-'))
            || rest[run..].starts_with("\\n");
        if run == 0 || (run < 32 && !line_ends) {
            break;
        }
        for b in rest[..run].bytes().filter(|&b| b != b'=') {
            counts[usize::from(b)] += 1;
            base64 += 1;
        }
        at += run;
        end = at;
    }
    let tail = raw[end..].trim_start();
    let truncated = tail.starts_with("...") || tail.starts_with('\u{2026}');
    PemBody { end, base64, entropy: entropy_of(&counts, base64), truncated }
}

#[cfg(test)]
mod tests {
    use super::Severity;
    use crate::rules::embedded_secret::test_support::*;

    #[test]
    fn private_key_blocks_span_header_to_footer() {
        let body: Vec<String> = (0..6).map(|line| random(BASE64, 64, 80 + line)).collect();
        for kind in ["RSA ", "EC ", "OPENSSH ", "DSA ", "ENCRYPTED ", ""] {
            let block = format!(
                "-----BEGIN {kind}PRIVATE KEY-----\n{}\n-----END {kind}PRIVATE KEY-----",
                body.join("\n")
            );
            let input = format!("Deploy key:\n{block}\nThanks.");
            let found = found(&input);
            assert_eq!(found.len(), 1, "{kind}");
            assert_eq!(found[0].0, block);
            assert_eq!(found[0].3, Some(format!("-----BEGIN {kind}PRIVATE KEY-----").len()));
        }
    }

    #[test]
    fn an_escaped_private_key_with_armour_headers_still_counts() {
        let body = random(BASE64, 128, 90);
        let block = format!(
            "-----BEGIN RSA PRIVATE KEY-----\\nProc-Type: 4,ENCRYPTED\\nDEK-Info: AES-128-CBC,ABCDEF\\n\\n{body}\\n-----END RSA PRIVATE KEY-----"
        );
        flags(&block, &block);
        let pgp = format!(
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{body}\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----"
        );
        flags(&pgp, &pgp);
    }

    #[test]
    fn a_private_key_header_without_a_real_body_is_documentation() {
        quiet("Paste your key, starting with -----BEGIN RSA PRIVATE KEY-----.");
        quiet(
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----",
        );
        quiet("-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----");
        let line = random(BASE64, 64, 91);
        quiet(&format!("-----BEGIN RSA PRIVATE KEY-----\n{line}\n..."));
        quiet(&format!(
            "-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----",
            "A".repeat(128)
        ));
    }

    #[test]
    fn public_keys_and_certificates_are_not_secrets() {
        let body = random(BASE64, 256, 92);
        quiet(&format!("-----BEGIN PUBLIC KEY-----\n{body}\n-----END PUBLIC KEY-----"));
        quiet(&format!("-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----"));
        quiet(&format!("ssh-rsa AAAAB3NzaC1yc2E{body} deploy@ci"));
    }

    fn service_account(private_key: &str, key_id: &str) -> String {
        format!(
            r#"{{"type": "service_account", "project_id": "acme-ingest", "private_key_id": "{key_id}", "private_key": "{private_key}", "client_email": "ingest@acme-ingest.iam.gserviceaccount.com"}}"#
        )
    }

    #[test]
    fn a_service_account_key_file_is_reported_as_its_private_key() {
        let body: Vec<String> = (0..4).map(|line| random(BASE64, 64, 400 + line)).collect();
        let pem = format!(
            "-----BEGIN PRIVATE KEY-----\\n{}\\n-----END PRIVATE KEY-----\\n",
            body.join("\\n")
        );
        let input = service_account(&pem, &random(HEX, 40, 404));
        let found = found(&input);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, super::super::message("a Google Cloud service account private key"));
        assert!(pem.starts_with(&found[0].0));
    }

    #[test]
    fn a_service_account_key_id_alone_is_medium() {
        let id = random(HEX, 40, 405);
        let elided = "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\\n-----END PRIVATE KEY-----\\n";
        let input = service_account(elided, &id);
        flags_as(&input, &id, "a Google Cloud service account key id", Some(Severity::Medium), 0);
    }

    #[test]
    fn service_account_templates_and_other_key_ids_are_quiet() {
        let elided = "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n";
        quiet(&service_account(elided, "your-private-key-id"));
        quiet(&service_account(elided, &"0".repeat(40)));
        quiet(&format!(r#"{{"private_key_id": "{}"}}"#, random(HEX, 40, 406)));
    }
}
