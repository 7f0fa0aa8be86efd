// libFuzzer target: the HTTP request framing of `cvsearch serve`
// (cvsearch/http_framing.hpp), which decides where a request ends before any
// parser sees it. Besides "no crash", it checks the promises that keep one
// request from being read as two: a complete frame lies within the bytes and
// does not depend on what follows it; a refusal is one of the documented
// statuses, with a reason; an unfinished request never outgrows the limits.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_util.hpp"
#include "cvsearch/http_framing.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using cvsearch::HttpRequestFrame;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    cvsearch::HttpFramingLimits limits;
    limits.max_head_bytes = 512;  // small, so that the limits are reached too
    limits.max_body_bytes = 64;
    limits.max_line_bytes = 256;
    const HttpRequestFrame f = cvsearch::frame_http_request(bytes, limits);
    switch (f.state) {
        case HttpRequestFrame::State::complete: {
            if (f.size > bytes.size() || f.size < 4) cvsearch::fuzz::broken("complete frame outside the bytes");
            const HttpRequestFrame alone = cvsearch::frame_http_request(bytes.substr(0, f.size), limits);
            if (alone.state != HttpRequestFrame::State::complete || alone.size != f.size)
                cvsearch::fuzz::broken("a complete frame depends on the bytes after it");
            if (f.size > limits.max_head_bytes + limits.max_body_bytes) cvsearch::fuzz::broken("a frame over the limits");
            break;
        }
        case HttpRequestFrame::State::rejected:
            switch (f.status) {
                case 400: case 411: case 413: case 414: case 431: case 501: case 505: break;
                default: cvsearch::fuzz::broken("a refusal with an undocumented status");
            }
            if (f.reason.empty()) cvsearch::fuzz::broken("a refusal without a reason");
            cvsearch::fuzz::check_utf8(f.reason, "refusal reason");
            break;
        case HttpRequestFrame::State::incomplete:
            if (bytes.size() >= limits.max_head_bytes + limits.max_body_bytes)
                cvsearch::fuzz::broken("an unfinished request as long as the limits");
            break;
    }
    return 0;
}
