// libFuzzer target: the profile_json reader. Malformed input is a cvsearch::Error;
// anything else escaping (nlohmann::json type errors, std::out_of_range) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cvsearch/errors.hpp"
#include "fuzz/fuzz_util.hpp"
#include "parse/readers/reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string utf8 = cvsearch::readers::decode_to_utf8({reinterpret_cast<const char*>(data), size});
    try {
        for (const auto& p : cvsearch::readers::read_profile_json(utf8, "fuzz.json")) cvsearch::fuzz::check_profile(p);
    } catch (const cvsearch::Error&) {
    }
    return 0;
}
