// PLACEHOLDER so the library links while the real readers are written; delete when replaced.
#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "indexer/readers/reader.hpp"
namespace cvsearch::readers {
std::string decode_to_utf8(std::string_view b) { return text::sanitize_utf8(b); }
TextDocument read_text(std::string_view s) { return {std::string(s), {}, {}, {}}; }
TextDocument read_markdown(std::string_view s) { return read_text(s); }
TextDocument read_latex(std::string_view s) { return read_text(s); }
TextDocument read_html(std::string_view s) { return read_text(s); }
TextDocument read_pdf(std::string_view, std::string_view n) { throw Error(ErrorCode::parse, std::string(n), "PDF not yet supported"); }
Profile read_json_resume(std::string_view, std::string_view n) { throw Error(ErrorCode::parse, std::string(n), "not yet supported"); }
std::vector<Profile> read_profile_json(std::string_view s, std::string_view n) { return {profile_from_json(s, n)}; }
}  // namespace cvsearch::readers
