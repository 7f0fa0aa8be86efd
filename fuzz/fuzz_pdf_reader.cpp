// libFuzzer target: the PDF reader (poppler-cpp, then the text reader).
// An unreadable PDF is a cvsearch::Error; anything else escaping is a bug.
#include <cstddef>
#include <cstdint>

#include "cvsearch/errors.hpp"
#include "fuzz/fuzz_util.hpp"
#include "parse/readers/reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto doc = cvsearch::readers::read_pdf({reinterpret_cast<const char*>(data), size}, "fuzz.pdf");
        cvsearch::fuzz::check_markup(doc.text, "read_pdf text");
    } catch (const cvsearch::Error&) {
    }
    return 0;
}
