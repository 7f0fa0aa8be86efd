#include "cvsearch/errors.hpp"

#include "cvsearch/version.hpp"

namespace cvsearch {

std::string_view error_code_name(ErrorCode code) noexcept {
    switch (code) {
        case ErrorCode::usage: return "usage";
        case ErrorCode::io: return "io";
        case ErrorCode::too_large: return "too_large";
        case ErrorCode::parse: return "parse";
        case ErrorCode::query: return "query";
        case ErrorCode::not_found: return "not_found";
        case ErrorCode::index_missing: return "index_missing";
        case ErrorCode::index_locked: return "index_locked";
        case ErrorCode::index_incompatible: return "index_incompatible";
        case ErrorCode::index_corrupt: return "index_corrupt";
        case ErrorCode::unavailable: return "unavailable";
        case ErrorCode::internal: return "internal";
    }
    return "internal";
}

namespace {
std::string compose(const std::string& input, const std::string& message) {
    return input.empty() ? message : input + ": " + message;
}
}  // namespace

Error::Error(ErrorCode code, std::string input, std::string message)
    : std::runtime_error(compose(input, message)), code_(code), input_(std::move(input)), message_(std::move(message)) {}

const char* version() noexcept { return CVSEARCH_VERSION_STRING; }

}  // namespace cvsearch
