// libFuzzer target: the markdown reader (bytes -> decode_to_utf8 -> read_markdown).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.hpp"
#include "parse/readers/reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string utf8 = cvsearch::readers::decode_to_utf8({reinterpret_cast<const char*>(data), size});
    cvsearch::fuzz::check_utf8(utf8, "decode_to_utf8");
    const auto doc = cvsearch::readers::read_markdown(utf8);
    cvsearch::fuzz::check_markup(doc.text, "read_markdown text");
    cvsearch::fuzz::check_utf8(doc.name_hint, "read_markdown name hint");
    return 0;
}
