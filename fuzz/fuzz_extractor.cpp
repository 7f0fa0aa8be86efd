// libFuzzer target: the extractor and normalization, fed light-markup text as
// the readers make it (UTF-8, no control characters but '\n' and '\t'). The
// first line, when it starts with "@", is the name hint (as <title> or \name{} give).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.hpp"
#include "parse/extract/extract.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/readers/reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text = cvsearch::readers::decode_to_utf8({reinterpret_cast<const char*>(data), size});
    for (char& c : text)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f) c = ' ';
    cvsearch::readers::TextDocument doc;
    if (text.rfind("@", 0) == 0) {
        auto nl = text.find('\n');
        doc.name_hint = text.substr(1, nl == std::string::npos ? std::string::npos : nl - 1);
        text.erase(0, nl == std::string::npos ? text.size() : nl + 1);
    }
    doc.text = std::move(text);
    cvsearch::Profile p = cvsearch::extract::extract_profile(doc);
    cvsearch::normalize::normalize_profile(p);
    cvsearch::fuzz::check_profile(p);
    return 0;
}
