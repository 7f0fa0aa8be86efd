// cvsearch/http_framing.hpp — where one HTTP/1.1 request ends in a connection's bytes,
// decided before any HTTP parser sees it. `cvsearch serve` uses it in front of
// cpp-httplib (cli/serve_connections.cpp); a server of your own that mounts
// cvsearch::HttpApi (cvsearch/http_api.hpp) can use it the same way.
//
// The server buffers what a connection sends and calls frame_http_request() after each
// read. Only a complete request, head and body, is handed to a worker, and the
// worker's parser gets exactly frame.size bytes: whatever it makes of them, it can
// never read past them into the next request, so a body on a GET (which the parser
// ignores) is dropped, not answered as a second request. The boundary is decided
// strictly (RFC 9112 §2–6), and every doubt is a refusal:
//
//   head          up to the first empty line; every line ends in CRLF (a bare LF: 400);
//                 at most max_head_bytes (431 Request Header Fields Too Large, or 414
//                 URI Too Long when the request line alone does not fit), and each line
//                 at most max_line_bytes (431; 414 for the request line)
//   request line  METHOD SP TARGET SP HTTP/1.x (else 400; HTTP/2+: 505); a method the
//                 server does not route (CONNECT, TRACE, anything else): 501
//   header lines  NAME ":" VALUE with NAME a token: whitespace before the colon, a
//                 folded line (starting with SP or HT), NUL or CR in a line: 400
//   body          Content-Length digits only, given once, at most max_body_bytes
//                 (else 400 / 413); Transfer-Encoding with Content-Length: 400 (the
//                 smuggling conflict), without it: 411 (no route takes a body, so
//                 chunked bodies are not decoded); no Content-Length: no body
//
// frame_http_request() reads each buffered byte a bounded number of times and never
// throws (short of memory for a refusal's reason).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cvsearch {

struct HttpFramingLimits {
    std::size_t max_head_bytes = 16 * 1024;  ///< request line + header lines + the empty line
    std::size_t max_body_bytes = 1024;       ///< Content-Length above this: 413
    /// One line of the head, CRLF included. cpp-httplib 0.11 refuses longer lines
    /// itself (CPPHTTPLIB_HEADER_MAX_LENGTH and ..._REQUEST_URI_MAX_LENGTH, compiled
    /// into Debian's library); refusing them here gives the same answer as the rest.
    std::size_t max_line_bytes = 8192;
};

struct HttpRequestFrame {
    enum class State {
        incomplete,  ///< read more (the head, or the body, has not all arrived)
        complete,    ///< the first `size` bytes are one request
        rejected,    ///< answer `status` and close the connection
    };
    State state = State::incomplete;
    std::size_t size = 0;    ///< complete: bytes of head + body
    int status = 0;          ///< rejected: 400, 411, 413, 414, 431, 501 or 505
    std::string reason;      ///< rejected: one sentence for the client and the log
};

/// Frames the request at the start of `buffered` (the bytes received so far).
HttpRequestFrame frame_http_request(std::string_view buffered, const HttpFramingLimits& limits);

}  // namespace cvsearch
