#include "parse/readers/json_leftovers.hpp"

#include <string>
#include <unordered_set>
#include <vector>

#include "core/text.hpp"

namespace cvsearch::readers {
namespace {

using json = nlohmann::ordered_json;

// "institution-subdivision", "summary_RS" -> "institutionsubdivision", "summaryrs".
std::string squash(std::string_view key) {
    std::string out;
    for (char c : text::fold_key(key))
        if (c != ' ') out.push_back(c);
    return out;
}

// Keys whose values are links, pictures, styling or layout, never words about the person.
bool is_non_text_key(const std::string& k) {
    for (std::string_view x : {"url", "uri", "href", "link", "links", "website", "homepage", "email", "mail", "phone", "tel",
                               "mobile", "fax", "image", "img", "photo", "picture", "avatar", "icon", "logo", "class",
                               "style", "color", "colour", "theme", "layout", "font", "css", "template", "display", "id",
                               "uuid", "slug", "path", "file", "filename", "src", "schema", "meta", "settings", "config",
                               "doi", "orcid", "pdf", "bibtex", "password", "username", "user", "handle"})
        if (k == x) return true;
    for (std::string_view end : {"url", "icon", "image", "link"})
        if (k.size() > end.size() && k.ends_with(end)) return true;
    return false;
}

// A value that is one token holding a link or an address ("https://...", "a@b.org").
bool is_link(std::string_view s) {
    if (s.find(' ') != std::string_view::npos) return false;
    return s.find("://") != std::string_view::npos || s.find('@') != std::string_view::npos || s.starts_with("www.");
}

bool has_letter_word(std::string_view folded) {
    for (std::string_view w : text::words(folded))
        for (char c : w)
            if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) return true;
    return false;
}

class Leftovers {
  public:
    explicit Leftovers(const Profile& p) {
        add_words(p.name);
        add_words(p.headline);
        for (const auto& s : p.interests) add_words(s);
        for (const auto& s : p.skills) add_words(s);
        for (const auto& s : p.awards) add_words(s);
        for (const auto& s : p.sections) add_words(s.text);
        for (const auto& a : p.affiliations) {
            add_words(a.institution_raw);
            add_words(a.institution);
            add_words(a.role);
        }
        for (const auto& pub : p.publications) {
            add_words(pub.title);
            add_words(pub.venue_raw);
            add_words(pub.venue);
            for (const auto& a : pub.authors) add_words(a);
        }
    }

    // The string values under one top-level key whose words are not all placed.
    std::vector<std::string> lines_of(const json& value) {
        std::vector<std::string> lines;
        walk(value, lines);
        return lines;
    }

  private:
    void add_words(std::string_view s) {
        const std::string folded = text::fold_key(s);
        for (std::string_view w : text::words(folded)) placed_.emplace(w);
    }

    void walk(const json& v, std::vector<std::string>& lines) {
        if (v.is_string()) {
            const std::string& s = v.get_ref<const std::string&>();
            std::string_view t = text::trim(s);
            if (t.empty() || is_link(t)) return;
            const std::string folded = text::fold_key(t);
            if (!has_letter_word(folded)) return;
            bool unplaced = false;
            for (std::string_view w : text::words(folded))
                if (!placed_.contains(std::string(w))) unplaced = true;
            if (!unplaced) return;
            lines.push_back(text::collapse_whitespace(t));
            add_words(t);  // a value repeated elsewhere in the file is added once
        } else if (v.is_object()) {
            for (const auto& [key, value] : v.items())
                if (!is_non_text_key(squash(key))) walk(value, lines);
        } else if (v.is_array()) {
            for (const auto& e : v) walk(e, lines);
        }
    }

    std::unordered_set<std::string> placed_;
};

// "summary_RS" -> "Summary RS", "workExperience" -> "Work Experience".
std::string heading_of(std::string_view key) {
    std::string out;
    for (std::size_t i = 0; i < key.size(); ++i) {
        char c = key[i];
        if (c == '_' || c == '-' || c == '.') c = ' ';
        else if (i > 0 && std::isupper(static_cast<unsigned char>(c)) && std::islower(static_cast<unsigned char>(key[i - 1])))
            out.push_back(' ');
        out.push_back(c);
    }
    out = text::collapse_whitespace(out);
    if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
}

}  // namespace

void add_unplaced_text(const json& root, Profile& profile) {
    if (!root.is_object()) return;
    Leftovers left(profile);
    for (const auto& [key, value] : root.items()) {
        if (is_non_text_key(squash(key))) continue;
        std::vector<std::string> lines = left.lines_of(value);
        if (lines.empty()) continue;
        std::string body;
        for (const auto& l : lines) (body += body.empty() ? "" : "\n") += l;
        profile.sections.push_back(Section{heading_of(key), "other", std::move(body)});
    }
}

}  // namespace cvsearch::readers
