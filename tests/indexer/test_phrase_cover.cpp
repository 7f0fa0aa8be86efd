// PhraseCover: a field copy gets no positions of its own only when the section
// texts hold its words in the same order, so every phrase still matches.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "vocabulary/analyzer.hpp"
#include "indexer/phrase_cover.hpp"
#include "vocabulary/schema.hpp"
#include "tests/analysis_util.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

std::size_t positions(const Xapian::Database& db, Xapian::docid did, const std::string& term) {
    return static_cast<std::size_t>(std::distance(db.positionlist_begin(did, term), db.positionlist_end(did, term)));
}

}  // namespace

TEST_CASE("phrase cover: a field is covered when a section has its words in order, in one text") {
    analysis::Analyzer analyzer;
    indexing::PhraseCover cover(analyzer);
    cover.reset(sections_doc(analyzer, {"[1] Ana Ruiz, Bo Li. Fault-Tolerant Consensus for Geo-Replicated Storage. In SOSP 2023.",
                                        "Teaching: Operating Systems (2021)"}));
    auto covered = [&](const char* field) { return cover.covers(field); };
    CHECK(covered("Fault-tolerant consensus for geo-replicated storage"));  // case, hyphens: same words
    CHECK(covered("Ana Ruiz ; Bo Li"));                                     // punctuation is no word
    CHECK(covered("SOSP"));                                                 // one word: no phrase to keep
    CHECK(covered("Operating Systems"));
    CHECK_FALSE(covered("Consensus fault tolerant"));    // another order
    CHECK(covered("Storage in SOSP"));                   // "Storage. In SOSP": punctuation is no gap
    CHECK_FALSE(covered("Consensus storage"));           // words missing in between
    CHECK_FALSE(covered("Geo-replicated storage systems"));  // a word no section has
    CHECK_FALSE(covered("SOSP 2023 Teaching"));          // across two texts (a position gap)
    // Words Xapian makes differently take the exact way, with the same answers.
    CHECK(covered("In SOSP 2023."));
    CHECK_FALSE(covered("SOSP 2023.5"));

    cover.reset(sections_doc(analyzer, {"Taught C compilers and C++ templates; worked at AT&T Labs, U.S. office"}));
    CHECK(covered("C compilers"));
    CHECK(covered("C++ templates"));
    CHECK(covered("AT&T Labs"));
    CHECK_FALSE(covered("C++ compilers"));  // Xapian's word is "c++", which the section has only before "templates"
    CHECK_FALSE(covered("C templates"));
    CHECK_FALSE(covered("AT Labs"));

    cover.reset(Xapian::Document());  // no sections (e.g. a JSON profile): nothing is covered
    CHECK_FALSE(covered("Fault-tolerant consensus"));
}

TEST_CASE("phrase cover: a covered title keeps its wdf and loses only its own positions") {
    TempDir dir;
    const std::string json = R"({"id": "quinn", "name": "Quinn Example",
      "publications": [{"title": "Quokka Scheduling at Scale", "venue": "OSDI", "year": 2022},
                       {"title": "Wombat Storage Study", "venue": "FAST", "year": 2021}],
      "sections": [{"heading": "Publications", "kind": "publications",
                    "text": "Quinn Example. Quokka Scheduling at Scale. OSDI 2022."}]})";
    {
        IndexWriter w(dir / "index");
        w.put(profile_from_json(json));
        w.commit();
    }
    Xapian::Database db((dir / "index").string());
    const Xapian::docid did = *db.postlist_begin(schema::id_term("quinn"));
    auto wdf = [&](const std::string& term) {
        auto t = db.termlist_begin(did);
        t.skip_to(term);
        return t != db.termlist_end(did) && *t == term ? t.get_wdf() : 0u;
    };
    // In the section and the title: section wdf 1 + title wdf 3, one position (the section's).
    CHECK(wdf("quokka") == 1 + schema::title_weight);
    CHECK(positions(db, did, "quokka") == 1);
    CHECK(positions(db, did, "XTquokka") == 1);  // title:"..." keeps its own
    // Not in any section: the title copy keeps its positions.
    CHECK(wdf("wombat") == schema::title_weight);
    CHECK(positions(db, did, "wombat") == 1);
    // Both phrases match.
    for (const std::vector<std::string>& words :
         {std::vector<std::string>{"quokka", "scheduling"}, std::vector<std::string>{"wombat", "storage", "study"}}) {
        Xapian::Enquire e(db);
        e.set_query(Xapian::Query(Xapian::Query::OP_PHRASE, words.begin(), words.end()));
        CHECK_MESSAGE(e.get_mset(0, 10).size() == 1, words.front());
    }
}

TEST_CASE("phrase cover: every field of every bundled profile still matches as a phrase") {
    TempDir dir;
    {
        IndexWriter w(dir / "index");
        for (const auto& p : bundled_profiles()) w.put(p);
        w.commit();
    }
    analysis::Analyzer analyzer;
    Xapian::Database db((dir / "index").string());
    REQUIRE(db.get_doccount() >= 30);
    std::size_t phrases = 0;
    for (auto it = db.postlist_begin(""); it != db.postlist_end(""); ++it) {
        const Xapian::Document doc = db.get_document(*it);
        const Profile p = profile_from_json(doc.get_data());
        std::vector<std::string> fields = {p.name, p.headline};
        for (const auto& x : p.interests) fields.push_back(x);
        for (const auto& x : p.skills) fields.push_back(x);
        for (const auto& x : p.awards) fields.push_back(x);
        for (const auto& a : p.affiliations) fields.insert(fields.end(), {a.institution, a.role});
        for (const auto& pub : p.publications) {
            fields.insert(fields.end(), {pub.title, pub.venue});
            std::string authors;
            for (const auto& a : pub.authors) authors += (authors.empty() ? "" : " ; ") + a;
            fields.push_back(authors);
        }
        for (const auto& field : fields) {
            auto words = words_of(analyzer, field);
            if (words.size() < 2) continue;
            Xapian::Enquire e(db);
            e.set_query(Xapian::Query(Xapian::Query::OP_FILTER,
                                      Xapian::Query(Xapian::Query::OP_PHRASE, words.begin(), words.end(),
                                                    static_cast<Xapian::termcount>(words.size())),
                                      Xapian::Query(schema::id_term(p.id))));
            CHECK_MESSAGE(e.get_mset(0, 1).size() == 1, p.id << ": \"" << field << "\"");
            ++phrases;
        }
    }
    MESSAGE(phrases << " field phrases checked");
    CHECK(phrases > 500);
}

TEST_CASE("phrase cover: linear in the size of the document (a long CV made indexing quadratic)") {
    // Each field scanned the whole position sequence, and a CV's fields grow
    // with its text: a 16 MB CV took 300 s to index. Here 800,000 words of
    // sections and 200,000 fields found near their end; before: ~1.5e11
    // comparisons (40 s of CPU), now a lookup of each field's rarest word.
    // CPU time, not wall time: the machine may be busy.
    analysis::Analyzer analyzer;
    indexing::PhraseCover cover(analyzer);
    auto word = [](std::size_t i) {  // distinct, letters only: "wab", "wac", ...
        std::string w = "w";
        for (; i; i /= 26) w.push_back(static_cast<char>('a' + i % 26));
        return w;
    };
    const std::size_t words = 800'000;
    std::string text;
    for (std::size_t i = 0; i < words; ++i) text += word(i) + (i % 2 ? " the " : " ");  // a common word too
    cover.reset(sections_doc(analyzer, {text.c_str()}));

    const std::clock_t start = std::clock();
    std::size_t covered = 0, fields = 0;
    for (std::size_t i = words - 200'000; i + 2 < words; i += 1, ++fields) {
        const std::string field = (i % 2 ? word(i) + " the " : word(i) + " ") + word(i + 1);
        covered += cover.covers(field);
    }
    CHECK(cover.covers("the " + word(words - 2)));
    CHECK_FALSE(cover.covers(word(words - 2) + " " + word(words - 4)));
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    CHECK(covered == fields);
    CHECK_MESSAGE(seconds < 8.0, fields << " fields took " << seconds << " s of CPU");
}

TEST_CASE("phrase cover: a field of common words is covered or keeps its positions, quickly") {
    // A field whose rarest word occurs everywhere is compared at no more than
    // max_anchor_tries places; when it is not found there, it keeps its
    // positions (a bigger index, the same matches), and no field costs more.
    analysis::Analyzer analyzer;
    indexing::PhraseCover cover(analyzer);
    std::string text;
    for (int i = 0; i < 50'000; ++i) text += "the of ";
    text += "the the end";
    cover.reset(sections_doc(analyzer, {text.c_str()}));
    CHECK(cover.covers("of the of the"));       // at the first place tried
    CHECK(cover.covers("the the end"));         // "end" is the anchor: one place
    CHECK_FALSE(cover.covers("of the end"));
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10'000; ++i) CHECK_FALSE(cover.covers("the the"));  // only at the end: past the tries
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}
