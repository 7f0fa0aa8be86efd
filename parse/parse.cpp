// The parse pipeline: read bytes -> detect format -> reader -> extract -> normalize.
#include "cvsearch/parse.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "parse/extract/extract.hpp"
#include "parse/extract/guards.hpp"
#include "parse/extract/names.hpp"
#include "parse/json_cv.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/readers/bibtex.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch {
namespace fs = std::filesystem;

namespace {

std::string extension_of(std::string_view name) {
    auto slash = name.find_last_of('/');
    std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
    auto dot = base.find_last_of('.');
    if (dot == std::string_view::npos || dot == 0) return {};
    return text::ascii_lower(base.substr(dot + 1));
}

std::string stem_of(std::string_view name) {
    auto slash = name.find_last_of('/');
    std::string_view base = slash == std::string_view::npos ? name : name.substr(slash + 1);
    auto dot = base.find_last_of('.');
    if (dot != std::string_view::npos && dot != 0) base = base.substr(0, dot);
    return std::string(base);
}

// A JSON key (not a value: profile JSON has "kind": "work").
bool has_key(std::string_view head, std::string_view key) {
    const std::string quoted = "\"" + std::string(key) + "\"";
    for (auto pos = head.find(quoted); pos != std::string_view::npos; pos = head.find(quoted, pos + 1)) {
        auto after = head.find_first_not_of(" \t\r\n", pos + quoted.size());
        if (after != std::string_view::npos && head[after] == ':') return true;
    }
    return false;
}

bool looks_like_json_resume(std::string_view head) {
    return has_key(head, "basics") || head.find("jsonresume") != std::string_view::npos ||
           (has_key(head, "work") && !has_key(head, "affiliations"));
}

// UTF-16 text is full of zero bytes, yet it is text: decode_to_utf8 reads it.
bool has_utf16_bom(std::string_view bytes) {
    return bytes.substr(0, 2) == "\xFF\xFE" || bytes.substr(0, 2) == "\xFE\xFF";
}

bool looks_binary(std::string_view head) {
    std::size_t controls = 0;
    for (unsigned char c : head)
        if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) ++controls;
    return !head.empty() && controls * 10 > head.size();  // over 10 % control bytes
}

/// The bytes of all the text of a profile (what indexing it costs).
std::size_t text_bytes(const Profile& p) {
    std::size_t n = p.id.size() + p.name.size() + p.homepage.size() + p.headline.size();
    auto add = [&](const std::vector<std::string>& v) {
        for (const auto& s : v) n += s.size();
    };
    add(p.emails), add(p.interests), add(p.skills), add(p.awards);
    for (const auto& a : p.affiliations) n += a.institution.size() + a.institution_raw.size() + a.role.size();
    for (const auto& pub : p.publications) {
        n += pub.title.size() + pub.venue.size() + pub.venue_raw.size();
        add(pub.authors);
    }
    for (const auto& s : p.sections) n += s.heading.size() + s.kind.size() + s.text.size();
    return n;
}

/// Profiles of a JSON file, each within the text limit (the file may hold many).
std::vector<Profile> check_text_size(std::vector<Profile> profiles, std::string_view name, const ParseOptions& options) {
    for (std::size_t i = 0; i < profiles.size(); ++i)
        if (const std::size_t n = text_bytes(profiles[i]); n > options.max_text_bytes)
            throw Error(ErrorCode::too_large, std::string(name),
                        (profiles.size() > 1 ? "profile " + std::to_string(i + 1) + ": " : std::string()) +
                            readers::text_too_large_message(n, options.max_text_bytes));
    return profiles;
}

// A JSON CV with an empty name field still names its owner in its author lists.
Profile& named(Profile& p) {
    if (p.name.empty()) p.name = extract::author_of_every_paper(p.publications);
    return p;
}
Profile named(Profile&& p) { return std::move(named(p)); }

std::vector<Profile> finish(std::vector<Profile> profiles, std::string_view bytes, std::string_view name, Format format) {
    std::string hash = text::content_hash(bytes);
    for (auto& p : profiles) {
        normalize::normalize_profile(p);
        p.source.path = std::string(name);
        p.source.format = format;
        p.source.content_hash = hash;
        if (p.id.empty()) p.id = stem_of(name);
    }
    return profiles;
}

}  // namespace

bool is_profile_file_name(std::string_view name) {
    static const char* const exts[] = {"txt", "md", "markdown", "tex", "html", "htm", "pdf", "json", "jsonl"};
    std::string ext = extension_of(name);
    return std::any_of(std::begin(exts), std::end(exts), [&](const char* e) { return ext == e; });
}

Format detect_format(std::string_view name, std::string_view bytes) {
    std::string_view head = bytes.substr(0, 4096);
    std::string_view trimmed = text::trim(head);
    if (head.substr(0, 5) == "%PDF-") return Format::pdf;
    std::string ext = extension_of(name);
    bool json_like = !trimmed.empty() && (trimmed.front() == '{' || trimmed.front() == '[');
    if (ext == "jsonl") return Format::profile_json;
    if (ext == "json" || (json_like && ext != "md" && ext != "tex"))
        return looks_like_json_resume(head) ? Format::json_resume : Format::profile_json;
    if (ext == "pdf") return Format::pdf;
    if (ext == "md" || ext == "markdown") return Format::markdown;
    if (ext == "tex") return Format::latex;
    if (ext == "html" || ext == "htm") return Format::html;
    std::string lower = text::ascii_lower(head.substr(0, 1024));
    if (lower.find("<html") != std::string::npos || lower.find("<!doctype html") != std::string::npos) return Format::html;
    if (lower.find("\\documentclass") != std::string::npos || lower.find("\\begin{document}") != std::string::npos)
        return Format::latex;
    return Format::text;
}

namespace {

// `folder`, when given, is where the file lies: a LaTeX CV's .bib files are read from there.
std::vector<Profile> parse_bytes_in(std::string_view bytes, std::string_view name, const ParseOptions& options,
                                    const fs::path* folder) {
    if (bytes.size() > options.max_file_bytes)
        throw Error(ErrorCode::too_large, std::string(name),
                    "file is " + std::to_string(bytes.size()) + " bytes, over the limit of " +
                        std::to_string(options.max_file_bytes) + " bytes; split it or raise the limit (--max-file-size)");
    Format format = options.format.value_or(detect_format(name, bytes));
    if (format != Format::pdf && !has_utf16_bom(bytes) && looks_binary(bytes.substr(0, 4096)))
        throw Error(ErrorCode::parse, std::string(name),
                    "looks like a binary file, not a CV (" + std::string(format_name(format)) + " expected)");
    bool forced = options.format.has_value();
    switch (format) {
        case Format::json_resume:
            if (forced)
                return finish(check_text_size({named(readers::read_json_resume(readers::decode_to_utf8(bytes), name))}, name, options),
                              bytes, name, format);
            [[fallthrough]];
        case Format::profile_json:
            if (forced && format == Format::profile_json)
                return finish(check_text_size(readers::read_profile_json(readers::decode_to_utf8(bytes), name), name, options),
                              bytes, name, format);
            [[fallthrough]];
        case Format::json: {
            auto profiles = read_json_cv(readers::decode_to_utf8(bytes), name, format);
            for (auto& p : profiles) {
                extract::guard_profile(p);  // JSON holds junk in its fields too ("Journal 1")
                named(p);
            }
            return finish(check_text_size(std::move(profiles), name, options), bytes, name, format);
        }
        default: break;
    }
    readers::TextDocument doc;
    switch (format) {
        case Format::pdf: doc = readers::read_pdf(bytes, name, static_cast<std::size_t>(options.max_text_bytes)); break;
        case Format::markdown: doc = readers::read_markdown(readers::decode_to_utf8(bytes)); break;
        case Format::latex: {
            std::string tex = readers::decode_to_utf8(bytes);
            if (folder) tex = readers::with_bibliography(tex, *folder);
            doc = readers::read_latex(tex);
            break;
        }
        case Format::html: doc = readers::read_html(readers::decode_to_utf8(bytes)); break;
        default: doc = readers::read_text(readers::decode_to_utf8(bytes)); break;
    }
    if (text::trim(doc.text).empty() && doc.name_hint.empty())
        throw Error(ErrorCode::parse, std::string(name), "no text found (empty file?)");
    if (doc.text.size() > options.max_text_bytes)  // before the extractor spends time on it
        throw Error(ErrorCode::too_large, std::string(name),
                    readers::text_too_large_message(doc.text.size(), options.max_text_bytes));
    return finish({extract::extract_profile(doc)}, bytes, name, format);
}

}  // namespace

std::vector<Profile> parse_bytes(std::string_view bytes, std::string_view name, const ParseOptions& options) {
    return parse_bytes_in(bytes, name, options, nullptr);
}

std::vector<Profile> parse_file(const fs::path& file, const ParseOptions& options) {
    const std::string name = file.string();
    std::error_code ec;
    auto status = fs::status(file, ec);
    if (ec && ec != std::errc::no_such_file_or_directory)  // e.g. a symlink loop, a folder without permission
        throw Error(ErrorCode::io, name, "cannot open: " + ec.message());
    if (ec || !fs::exists(status)) {
        std::error_code lec;
        throw Error(ErrorCode::io, name,
                    fs::is_symlink(fs::symlink_status(file, lec)) ? "a symbolic link to a file that does not exist; fix or remove it"
                                                                  : "no such file");
    }
    if (fs::is_directory(status)) throw Error(ErrorCode::io, name, "is a directory, not a file (use `cvsearch index DIR`)");
    if (!fs::is_regular_file(status)) throw Error(ErrorCode::io, name, "not a regular file");
    auto size = fs::file_size(file, ec);
    if (!ec && size > options.max_file_bytes)
        throw Error(ErrorCode::too_large, name,
                    "file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(options.max_file_bytes) +
                        " bytes; split it or raise the limit (--max-file-size)");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error(ErrorCode::io, name, std::string("cannot open: ") + std::strerror(errno));
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(ec ? 0 : size));
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (in.bad()) throw Error(ErrorCode::io, name, "read failed");
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    if (ec) {  // size unknown: read to the end, bounded
        char buf[65536];
        while (in.read(buf, sizeof buf) || in.gcount() > 0) {
            bytes.append(buf, static_cast<std::size_t>(in.gcount()));
            if (bytes.size() > options.max_file_bytes) break;
        }
    }
    const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    return parse_bytes_in(bytes, name, options, &folder);
}

std::string normalize_venue(std::string_view raw) { return normalize::venue_value(raw); }
std::string normalize_institution(std::string_view raw) { return normalize::institution_value(raw); }

}  // namespace cvsearch
