// read_profile_json: cvsearch's own profile JSON, as one object, an array of
// objects, or JSON Lines (one object per line). Each object goes through
// cvsearch::profile_from_json; errors name the file and the entry or line.
// Profiles written by hand or by other tools often have no "sections": they
// get sections made from their fields, so search can highlight them too.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "parse/readers/json_util.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch::readers {
namespace {

using nlohmann::json;

std::string years(const Affiliation& a) {
    std::string s = a.start_year ? std::to_string(*a.start_year) : "";
    if (a.current) return s + (s.empty() ? "" : " – ") + "present";
    if (a.end_year && a.end_year != a.start_year) s += (s.empty() ? "" : " – ") + std::to_string(*a.end_year);
    return s;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        if (text::trim(p).empty()) continue;
        if (!out.empty()) out += sep;
        out += text::trim(p);
    }
    return out;
}

std::string affiliation_lines(const Profile& p, bool education) {
    std::vector<std::string> lines;
    for (const auto& a : p.affiliations) {
        if ((a.kind == AffiliationKind::education) != education) continue;
        lines.push_back("- " + join({a.role, a.institution_raw.empty() ? a.institution : a.institution_raw, years(a)}, ", "));
    }
    return join(lines, "\n");
}

std::string publication_lines(const Profile& p) {
    std::vector<std::string> lines;
    for (const auto& pub : p.publications)
        lines.push_back("- " + join({join(pub.authors, ", "), pub.title,
                                     join({pub.venue_raw.empty() ? pub.venue : pub.venue_raw,
                                           pub.year ? std::to_string(*pub.year) : ""},
                                          ", ")},
                                    ". "));
    return join(lines, "\n");
}

std::string bullet_lines(const std::vector<std::string>& items) {
    std::vector<std::string> lines;
    for (const auto& i : items) lines.push_back("- " + i);
    return join(lines, "\n");
}

void add(Profile& p, std::string heading, std::string kind, std::string body) {
    if (!text::trim(body).empty()) p.sections.push_back({std::move(heading), std::move(kind), std::move(body)});
}

void synthesize_sections(Profile& p) {
    if (!p.sections.empty()) return;
    add(p, "", "header", join({p.name, p.headline}, "\n"));
    add(p, "Research Interests", "interests", join(p.interests, ", "));
    add(p, "Experience", "experience", affiliation_lines(p, false));
    add(p, "Education", "education", affiliation_lines(p, true));
    add(p, "Publications", "publications", publication_lines(p));
    add(p, "Skills", "skills", join(p.skills, ", "));
    add(p, "Awards", "awards", bullet_lines(p.awards));
}

// Reads one object with profile_from_json; its errors keep `name` as the input
// and say which entry (`where`) was wrong.
Profile one(const json& value, std::string_view name, const std::string& where) {
    if (!value.is_object())
        throw Error(ErrorCode::parse, std::string(name),
                    where + ": expected a profile object, got " + std::string(value.type_name()));
    try {
        Profile p = profile_from_json(value.dump(), name);
        synthesize_sections(p);
        return p;
    } catch (const Error& e) {
        throw Error(e.code(), std::string(name), where + ": " + e.message());
    }
}

bool has_jsonl_extension(std::string_view name) {
    return name.size() >= 6 && text::ascii_lower(name.substr(name.size() - 6)) == ".jsonl";
}

// JSON Lines: the first non-empty line is a complete object by itself.
bool first_line_is_object(std::string_view text) {
    for (std::string_view line : markup::split_lines(text)) {
        line = text::trim(line);
        if (line.empty()) continue;
        if (line.front() != '{') return false;
        return !json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false).is_discarded();
    }
    return false;
}

std::vector<Profile> read_lines(std::string_view text, std::string_view name) {
    std::vector<Profile> out;
    std::size_t number = 0;
    for (std::string_view line : markup::split_lines(text)) {
        ++number;
        if (text::trim(line).empty()) continue;
        const std::string where = "line " + std::to_string(number);
        json value;
        try {
            value = json::parse(line.begin(), line.end());
        } catch (const json::exception& e) {  // parse_error, or out_of_range for a number like 1e400
            std::string what = e.what();
            auto colon = what.find(": ");
            if (colon == std::string::npos) colon = what.find("] ");
            throw Error(ErrorCode::parse, std::string(name),
                        where + ": malformed JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)));
        }
        out.push_back(one(value, name, where));
    }
    return out;
}

}  // namespace

Profile read_profile_object(std::string_view utf8, std::string_view name) {
    try {
        Profile p = profile_from_json(utf8, name);
        synthesize_sections(p);
        return p;
    } catch (const Error& e) {
        throw Error(e.code(), std::string(name), "$: " + e.message());
    }
}

std::vector<Profile> read_profile_json(std::string_view utf8, std::string_view name) {
    if (text::trim(utf8).empty())
        throw Error(ErrorCode::parse, std::string(name),
                    "empty file: expected a profile JSON object, an array of them, or JSON Lines");
    json_util::check_depth(utf8, name);  // before any parse: nlohmann recurses
    if (has_jsonl_extension(name)) return read_lines(utf8, name);
    json whole = json::parse(utf8.begin(), utf8.end(), nullptr, /*allow_exceptions=*/false);
    if (whole.is_discarded()) {
        if (first_line_is_object(utf8)) return read_lines(utf8, name);
        json_util::parse(utf8, name);  // throws with the position of the syntax error
    }
    if (!whole.is_array()) return {one(whole, name, "$")};
    std::vector<Profile> out;
    for (std::size_t i = 0; i < whole.size(); ++i) out.push_back(one(whole[i], name, "$[" + std::to_string(i) + "]"));
    return out;
}

}  // namespace cvsearch::readers
