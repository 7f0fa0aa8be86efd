// HTTP/1.1 request framing: see cvsearch/http_framing.hpp.
#include "cvsearch/http_framing.hpp"

#include <algorithm>
#include <array>

namespace cvsearch {
namespace {

HttpRequestFrame reject(int status, std::string reason) {
    HttpRequestFrame f;
    f.state = HttpRequestFrame::State::rejected;
    f.status = status;
    f.reason = std::move(reason);
    return f;
}

/// RFC 9110 §5.6.2 tchar.
bool is_token_char(unsigned char c) {
    if (c >= '0' && c <= '9') return true;
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

bool is_token(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return is_token_char(static_cast<unsigned char>(c)); });
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x | 0x20) == (y | 0x20);
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// The methods the server routes (cpp-httplib's Get/Post/Put/Patch/Delete/Options
/// handlers; HEAD goes to the GET route). Anything else is answered 501 here.
bool is_routed_method(std::string_view m) {
    static constexpr std::array<std::string_view, 7> routed{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
    return std::find(routed.begin(), routed.end(), m) != routed.end();
}

/// Checks the request line; an empty result means it is fine.
HttpRequestFrame check_request_line(std::string_view line) {
    auto sp1 = line.find(' ');
    auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
        return reject(400, "the request line must be METHOD, a space, the target, a space and HTTP/1.1");
    std::string_view method = line.substr(0, sp1);
    std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    std::string_view version = line.substr(sp2 + 1);
    if (!is_token(method)) return reject(400, "the request method is not a token");
    if (target.empty() || std::any_of(target.begin(), target.end(), [](char c) {
            auto u = static_cast<unsigned char>(c);
            return u <= 0x20 || u == 0x7F;
        }))
        return reject(400, "the request target is empty or holds spaces or control characters");
    if (version.size() != 8 || version.substr(0, 5) != "HTTP/" || version[6] != '.' || version[5] < '0' || version[5] > '9' ||
        version[7] < '0' || version[7] > '9')
        return reject(400, "the request line must end in an HTTP version such as HTTP/1.1");
    if (version[5] != '1') return reject(505, "this server speaks HTTP/1.0 and HTTP/1.1 only");
    if (!is_routed_method(method)) return reject(501, "this server answers GET and HEAD only");
    return {};
}

}  // namespace

HttpRequestFrame frame_http_request(std::string_view buffered, const HttpFramingLimits& limits) {
    // 1. Find the end of the head (the first empty line) within the limit.
    const std::string_view window = buffered.substr(0, std::min(buffered.size(), limits.max_head_bytes));
    std::size_t head_size = std::string_view::npos;
    std::size_t line_start = 0;
    std::size_t line_count = 0;
    std::size_t content_length = 0;
    bool has_content_length = false;
    bool has_transfer_encoding = false;
    while (line_start < window.size()) {
        std::size_t lf = window.find('\n', line_start);
        const std::size_t line_bytes = (lf == std::string_view::npos ? window.size() : lf + 1) - line_start;
        if (line_bytes > limits.max_line_bytes) {
            const std::string limit = std::to_string(limits.max_line_bytes);
            if (line_count == 0) return reject(414, "the request line is longer than " + limit + " bytes");
            return reject(431, "a header line is longer than " + limit + " bytes");
        }
        if (lf == std::string_view::npos) break;
        if (lf == line_start || window[lf - 1] != '\r')
            return reject(400, "every line of the request head must end in CR LF");
        std::string_view line = window.substr(line_start, lf - 1 - line_start);
        line_start = lf + 1;
        if (line.find('\r') != std::string_view::npos || line.find('\0') != std::string_view::npos)
            return reject(400, "a line of the request head holds a CR or NUL character");
        if (line_count++ == 0) {
            if (line.empty()) return reject(400, "the request starts with an empty line");
            HttpRequestFrame bad = check_request_line(line);
            if (bad.state == HttpRequestFrame::State::rejected) return bad;
            continue;
        }
        if (line.empty()) {
            head_size = line_start;
            break;
        }
        if (line.front() == ' ' || line.front() == '\t')
            return reject(400, "folded header lines (starting with a space or tab) are not accepted");
        auto colon = line.find(':');
        if (colon == std::string_view::npos || !is_token(line.substr(0, colon)))
            return reject(400, "a header line must be NAME: VALUE, with no space before the colon");
        std::string_view name = line.substr(0, colon);
        std::string_view value = trim(line.substr(colon + 1));
        if (iequals(name, "Content-Length")) {
            if (has_content_length) return reject(400, "Content-Length is given more than once");
            const bool digits = std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
            if (value.empty() || value.size() > 18 || !digits)
                return reject(400, "Content-Length must be a decimal number of bytes");
            has_content_length = true;
            content_length = 0;
            for (char c : value) content_length = content_length * 10 + static_cast<std::size_t>(c - '0');
        } else if (iequals(name, "Transfer-Encoding")) {
            has_transfer_encoding = true;
        }
    }
    if (head_size == std::string_view::npos) {
        if (buffered.size() < limits.max_head_bytes) return {};  // incomplete
        if (line_count == 0)
            return reject(414, "the request line is longer than " + std::to_string(limits.max_head_bytes) + " bytes");
        return reject(431, "the request head is longer than " + std::to_string(limits.max_head_bytes) + " bytes");
    }

    // 2. The body's length.
    if (has_transfer_encoding && has_content_length)
        return reject(400, "a request may not carry both Transfer-Encoding and Content-Length");
    if (has_transfer_encoding) return reject(411, "request bodies need a Content-Length (Transfer-Encoding is not accepted)");
    if (content_length > limits.max_body_bytes)
        return reject(413, "the request body is larger than " + std::to_string(limits.max_body_bytes) + " bytes");
    HttpRequestFrame f;
    if (buffered.size() - head_size < content_length) return f;  // the body has not all arrived
    f.state = HttpRequestFrame::State::complete;
    f.size = head_size + content_length;
    return f;
}

}  // namespace cvsearch
