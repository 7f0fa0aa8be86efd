#include "indexer/profile_ids.hpp"

#include <cstdint>
#include <filesystem>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "vocabulary/shards.hpp"

namespace fs = std::filesystem;

namespace cvsearch::indexing {

namespace {

/// Length of the well-formed UTF-8 sequence at s[i], 0 if there is none.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size() || !text::is_valid_utf8(s.substr(i, len))) return 0;
    return len;
}

std::uint32_t code_point(std::string_view seq) {
    const auto b = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(seq[k])); };
    switch (seq.size()) {
        case 1: return b(0);
        case 2: return (b(0) & 0x1F) << 6 | (b(1) & 0x3F);
        case 3: return (b(0) & 0x0F) << 12 | (b(1) & 0x3F) << 6 | (b(2) & 0x3F);
        default: return (b(0) & 0x07) << 18 | (b(1) & 0x3F) << 12 | (b(2) & 0x3F) << 6 | (b(3) & 0x3F);
    }
}

/// Characters an id must not hold: they move a terminal's cursor, reorder
/// what is shown, end a line, or mean something in the id itself.
bool unwanted(std::uint32_t cp, bool keep_slash) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == '#' || (cp == '/' && !keep_slash) ||
           cp == 0x2028 || cp == 0x2029 || (cp >= 0x200E && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string clean_id(std::string_view raw, bool keep_slash) {
    std::string out;
    out.reserve(raw.size() + 9);
    bool changed = false;
    for (std::size_t i = 0; i < raw.size();) {
        const std::size_t len = utf8_length(raw, i);
        if (len == 0 || unwanted(code_point(raw.substr(i, len)), keep_slash)) {
            out.push_back('_');
            changed = true;
            i += len == 0 ? 1 : len;
            continue;
        }
        out.append(raw.substr(i, len));
        i += len;
    }
    if (!changed) return out;
    static constexpr char hex[] = "0123456789abcdef";
    const std::uint64_t h = fnv1a64(raw);
    out.push_back('~');
    for (int shift = 28; shift >= 0; shift -= 4) out.push_back(hex[(h >> shift) & 15]);
    return out;
}

std::string profile_id_in_file(const std::string& path_id, std::string_view declared, std::size_t n, std::size_t count) {
    if (count <= 1) return path_id;
    return path_id + "#" + (declared.empty() ? std::to_string(n) : clean_id(declared, true));
}

bool id_belongs_to(std::string_view id, std::string_view path_id) noexcept {
    return id.substr(0, path_id.size()) == path_id && (id.size() == path_id.size() || id[path_id.size()] == '#');
}

std::string refused_reason(const std::string& id, const std::vector<std::string>& others, bool others_hold) {
    std::string list;
    for (std::size_t k = 0; k < others.size(); ++k) list += (k == 0 ? "" : k + 1 == others.size() ? " and " : ", ") + others[k];
    if (others_hold)
        return "profile id \"" + id + "\" belongs to " + list +
               ", which the index has it from; this file is not indexed (ids come from file paths: rename this file)";
    return "profile id \"" + id + "\" is also the id of " + list +
           "; none of them is indexed until one is renamed (ids come from file paths)";
}

std::vector<IdClaim> refused_claims(const std::vector<std::string>& path_ids, const std::vector<std::string>& paths,
                                    const std::vector<bool>& holds) {
    std::map<std::string_view, std::vector<std::size_t>> by_id;
    for (std::size_t i = 0; i < path_ids.size(); ++i) by_id[path_ids[i]].push_back(i);
    std::vector<IdClaim> out;
    for (const auto& [id, files] : by_id) {
        if (files.size() < 2) continue;
        std::vector<std::size_t> holders;
        for (std::size_t i : files)
            if (holds[i]) holders.push_back(i);
        const bool one_holder = holders.size() == 1;
        for (std::size_t i : files) {
            if (one_holder && holders.front() == i) continue;
            std::vector<std::string> others;
            for (std::size_t j : files)
                if (j != i && (!one_holder || j == holders.front())) others.push_back(paths[j]);
            out.push_back({i, refused_reason(std::string(id), others, one_holder)});
        }
    }
    return out;
}

}  // namespace cvsearch::indexing

namespace cvsearch {

std::string profile_id_for(const fs::path& root, const fs::path& file) {
    fs::path rel;
    if (root == file || root.empty()) {
        rel = file.filename();
    } else {
        rel = file.lexically_relative(root);
        if (rel.empty() || *rel.begin() == "..") rel = file.filename();
    }
    std::string stem = rel.stem().string();
    if (stem.size() > 7 && text::ascii_lower(stem.substr(stem.size() - 7)) == ".resume") stem.resize(stem.size() - 7);
    fs::path parent = rel.parent_path();
    std::string lower = text::ascii_lower(stem);
    if ((lower == "resume" || lower == "cv") && !parent.empty()) return indexing::clean_id(parent.generic_string(), true);
    return indexing::clean_id(parent.empty() ? stem : (parent / stem).generic_string(), true);
}

}  // namespace cvsearch
