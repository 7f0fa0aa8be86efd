// tests/analysis_util.hpp — what the phrase tests share: documents indexed as
// the builder indexes section texts, the words Xapian makes of a text, and
// the bundled (fictional) sample profiles.
#pragma once

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <xapian.h>

#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"
#include "vocabulary/analyzer.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

/// A document with `texts` indexed as the builder indexes sections.
inline Xapian::Document sections_doc(const analysis::Analyzer& analyzer, std::initializer_list<const char*> texts) {
    Xapian::TermGenerator gen;
    analyzer.configure(gen);
    Xapian::Document doc;
    gen.set_document(doc);
    for (const char* t : texts) analyzer.index_text(gen, doc, t, 1, "");
    return doc;
}

/// The unstemmed words of `text` in order, as the TermGenerator makes them.
inline std::vector<std::string> words_of(const analysis::Analyzer& analyzer, const std::string& text) {
    Xapian::TermGenerator gen;
    gen.set_stemming_strategy(Xapian::TermGenerator::STEM_NONE);
    Xapian::Document doc;
    gen.set_document(doc);
    gen.index_text(analyzer.prepare(text));
    std::vector<std::pair<Xapian::termpos, std::string>> at;
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t)
        for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) at.emplace_back(*p, *t);
    std::sort(at.begin(), at.end());
    std::vector<std::string> out;
    for (auto& [pos, w] : at) out.push_back(w);
    return out;
}

/// Every profile file under data/profiles, parsed, with ids (the file's stem
/// when a profile has none; the first of a repeated id), sorted by id.
inline std::vector<Profile> bundled_profiles() {
    std::vector<Profile> out;
    std::set<std::string> ids;
    for (const auto& e : std::filesystem::recursive_directory_iterator(source_dir() / "data" / "profiles")) {
        if (!e.is_regular_file() || !is_profile_file_name(e.path().filename().string())) continue;
        for (auto& p : parse_file(e.path())) {
            if (p.id.empty()) p.id = e.path().stem().string();
            if (ids.insert(p.id).second) out.push_back(std::move(p));
        }
    }
    std::sort(out.begin(), out.end(), [](const Profile& a, const Profile& b) { return a.id < b.id; });
    return out;
}

}  // namespace cvsearch::testing
