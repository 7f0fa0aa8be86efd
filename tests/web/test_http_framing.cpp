// cvsearch/http_framing.hpp: where a request ends, and which ones are refused before
// any parser sees them.
#include <doctest/doctest.h>

#include <string>

#include "cvsearch/http_framing.hpp"

using cvsearch::frame_http_request;
using cvsearch::HttpFramingLimits;
using cvsearch::HttpRequestFrame;
using State = HttpRequestFrame::State;

namespace {

HttpRequestFrame frame(const std::string& bytes, HttpFramingLimits limits = {}) { return frame_http_request(bytes, limits); }

}  // namespace

TEST_CASE("framing: a complete request is exactly its head and Content-Length bytes of body") {
    const std::string get = "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n";
    HttpRequestFrame f = frame(get);
    CHECK(f.state == State::complete);
    CHECK(f.size == get.size());
    // Pipelined bytes after it are not part of it.
    f = frame(get + "GET /next HTTP/1.1\r\n");
    CHECK(f.state == State::complete);
    CHECK(f.size == get.size());

    const std::string with_body = "GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n";
    f = frame(with_body + "abcdeGET");
    CHECK(f.state == State::complete);
    CHECK(f.size == with_body.size() + 5);
    CHECK(frame("POST / HTTP/1.0\r\ncontent-length:0\r\n\r\n").state == State::complete);
    CHECK(frame("GET / HTTP/1.1\r\nContent-Length: \t7 \r\n\r\n1234567").state == State::complete);
}

TEST_CASE("framing: every prefix of a good request is incomplete, never refused") {
    const std::string req = "POST /api/search HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nX-Empty:\r\n\r\nq=x";
    for (std::size_t n = 0; n < req.size(); ++n) {
        CAPTURE(n);
        CHECK(frame(req.substr(0, n)).state == State::incomplete);
    }
    CHECK(frame(req).state == State::complete);
}

TEST_CASE("framing: the head limit gives 431, or 414 when the request line alone does not fit") {
    HttpFramingLimits limits;
    limits.max_head_bytes = 1024;
    limits.max_line_bytes = 2048;
    std::string head = "GET / HTTP/1.1\r\n";
    while (head.size() < 1024) head += "X-Pad: 0123456789\r\n";
    HttpRequestFrame f = frame(head, limits);
    CHECK(f.state == State::rejected);
    CHECK(f.status == 431);
    CHECK(f.reason.find("1024") != std::string::npos);
    CHECK(frame("GET /" + std::string(2000, 'a'), limits).status == 414);
    // Just under: fine.
    std::string fits = "GET / HTTP/1.1\r\nX-Pad: " + std::string(1024 - 27, 'p') + "\r\n\r\n";
    REQUIRE(fits.size() == 1024);
    CHECK(frame(fits, limits).state == State::complete);
    CHECK(frame(fits.substr(0, 1023), limits).state == State::incomplete);
}

TEST_CASE("framing: one line over max_line_bytes gives 431 (414 for the request line), complete or not") {
    HttpFramingLimits limits;
    limits.max_line_bytes = 100;
    CHECK(frame("GET /" + std::string(200, 'a'), limits).status == 414);
    CHECK(frame("GET /" + std::string(200, 'a') + " HTTP/1.1\r\n\r\n", limits).status == 414);
    CHECK(frame("GET / HTTP/1.1\r\nX: " + std::string(200, 'a'), limits).status == 431);
    std::string line = "X: " + std::string(95, 'a') + "\r\n";  // 100 bytes: fits
    CHECK(frame("GET / HTTP/1.1\r\n" + line + line + "\r\n", limits).state == State::complete);
}

TEST_CASE("framing: bodies — too large, conflicting or chunked requests are refused") {
    HttpFramingLimits limits;
    limits.max_body_bytes = 100;
    auto status = [&](const std::string& headers) { return frame("GET / HTTP/1.1\r\n" + headers + "\r\n", limits).status; };
    CHECK(status("Content-Length: 101\r\n") == 413);
    CHECK(status("Content-Length: 99999999999999999999999\r\n") == 400);
    CHECK(status("Content-Length: 100\r\n") == 0);  // incomplete: the body has not arrived
    CHECK(status("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n") == 400);
    CHECK(status("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n") == 400);
    CHECK(status("Transfer-Encoding: chunked\r\n") == 411);
    CHECK(status("transfer-encoding: identity\r\n") == 411);
    CHECK(status("Content-Length: 5\r\nContent-Length: 5\r\n") == 400);
    CHECK(status("Content-Length: +5\r\n") == 400);
    CHECK(status("Content-Length: 5, 5\r\n") == 400);
    CHECK(status("Content-Length: 0x10\r\n") == 400);
    CHECK(status("Content-Length:\r\n") == 400);
}

TEST_CASE("framing: malformed heads are refused with 400, unrouted methods 501, other versions 505") {
    auto status = [](const std::string& bytes) { return frame(bytes).status; };
    CHECK(status("GET / HTTP/1.1\nHost: a\n\n") == 400);             // bare LF
    CHECK(status("GET / HTTP/1.1\r\nHost: a\n\r\n") == 400);
    CHECK(status("\r\nGET / HTTP/1.1\r\n\r\n") == 400);               // empty first line
    CHECK(status("GET / HTTP/1.1\r\nContent-Length : 5\r\n\r\n") == 400);  // space before the colon
    CHECK(status("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400);
    CHECK(status("GET / HTTP/1.1\r\nNo colon here\r\n\r\n") == 400);
    CHECK(status("GET / HTTP/1.1\r\n: empty name\r\n\r\n") == 400);
    CHECK(status(std::string("GET / HTTP/1.1\r\nX: a\0b\r\n\r\n", 26)) == 400);
    CHECK(status("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n") == 400);
    CHECK(status("GET /a b HTTP/1.1\r\n\r\n") == 400);
    CHECK(status("GET  / HTTP/1.1\r\n\r\n") == 400);
    CHECK(status("GET / HTTP/1.1 \r\n\r\n") == 400);
    CHECK(status("GET /\x7f HTTP/1.1\r\n\r\n") == 400);
    CHECK(status("G(T / HTTP/1.1\r\n\r\n") == 400);
    CHECK(status("GET / HTTP/1\r\n\r\n") == 400);
    CHECK(status("GET / FTP/1.1\r\n\r\n") == 400);
    CHECK(status("GET / HTTP/2.0\r\n\r\n") == 505);
    CHECK(status("GET / HTTP/0.9\r\n\r\n") == 505);
    CHECK(status("TRACE / HTTP/1.1\r\n\r\n") == 501);
    CHECK(status("CONNECT a:443 HTTP/1.1\r\n\r\n") == 501);
    CHECK(status("get / HTTP/1.1\r\n\r\n") == 501);
    CHECK(status("BREW /pot HTTP/1.1\r\n\r\n") == 501);
    for (const char* m : {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
        CHECK(frame(std::string(m) + " / HTTP/1.1\r\n\r\n").state == State::complete);
    // A refusal is decided as soon as the bad line is complete, not at the end of the head.
    CHECK(frame("GET / HTTP/1.1\r\nBad Name: x\r\n").status == 400);
}
