// Pair terms: a document has "XPa b" exactly when the phrase "a b" of two
// listed words matches it; the list is chosen from common words and kept.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "vocabulary/analyzer.hpp"
#include "vocabulary/pair_terms.hpp"
#include "indexer/part_writer.hpp"
#include "vocabulary/schema.hpp"
#include "tests/analysis_util.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

/// A document with `texts` indexed as the builder indexes sections.
Xapian::Document sections_doc(std::initializer_list<const char*> texts) {
    return testing::sections_doc(analysis::Analyzer(), texts);
}

std::set<std::string> pair_terms_of(const Xapian::Document& doc) {
    std::set<std::string> out;
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t)
        if ((*t).rfind(schema::pair_prefix, 0) == 0) out.insert(*t);
    return out;
}

}  // namespace

TEST_CASE("pair terms: adjacent listed words, within one text, each pair once") {
    Xapian::Document doc = sections_doc({"Deep learning for memory systems. Memory systems, deep learning!",
                                         "Systems research"});
    indexing::add_pair_terms(doc, indexing::PairWords({"deep", "learning", "memory", "systems", "research"}));
    CHECK(pair_terms_of(doc) == std::set<std::string>{"XPdeep learning", "XPmemory systems", "XPsystems memory",
                                                      "XPsystems deep", "XPsystems research"});
    // None for "learning for" ("for" is not listed) or "learning systems" (the
    // end of one text and the start of the next: a position gap between them).

    Xapian::Document none = sections_doc({"Deep learning"});
    indexing::add_pair_terms(none, indexing::PairWords());
    CHECK(pair_terms_of(none).empty());

    // Compounds: parts at consecutive positions pair up; the joined form has no position.
    Xapian::Document compound = sections_doc({"fault-tolerant systems"});
    indexing::add_pair_terms(compound, indexing::PairWords({"fault", "tolerant", "systems", "faulttolerant"}));
    CHECK(pair_terms_of(compound) == std::set<std::string>{"XPfault tolerant", "XPtolerant systems"});

    // Pair terms are boolean: the document's length (hence every score) is unchanged.
    Xapian::Document plain = sections_doc({"Deep learning for memory systems"});
    Xapian::Document paired = sections_doc({"Deep learning for memory systems"});
    indexing::add_pair_terms(paired, indexing::PairWords({"deep", "learning"}));
    Xapian::termcount len_plain = 0, len_paired = 0;
    for (auto t = plain.termlist_begin(); t != plain.termlist_end(); ++t) len_plain += t.get_wdf();
    for (auto t = paired.termlist_begin(); t != paired.termlist_end(); ++t) len_paired += t.get_wdf();
    CHECK(len_plain == len_paired);
    CHECK(paired.termlist_count() == plain.termlist_count() + 1);
}

TEST_CASE("pair terms: too long a pair has no term, on both sides") {
    const std::string long_word(150, 'x');
    CHECK_FALSE(indexing::pair_term(long_word, long_word).has_value());
    CHECK(indexing::pair_term("deep", "learning") == std::optional<std::string>("XPdeep learning"));
}

TEST_CASE("pair words: sorted, unique, and the same after the metadata round trip") {
    indexing::PairWords w({"systems", "deep", "systems", "", "a\nb"});
    CHECK(w.words() == std::vector<std::string>{"deep", "systems"});
    CHECK(w.contains("deep"));
    CHECK_FALSE(w.contains("learning"));
    auto back = indexing::PairWords::from_metadata(w.to_metadata());
    CHECK(back.words() == w.words());
    CHECK(indexing::PairWords::from_metadata("").empty());
}

TEST_CASE("pair word counter: words most documents hold, not numbers, most frequent first within the cap") {
    indexing::PairWordCounter counter;
    counter.add(sections_doc({"deep learning for systems 2019"}));
    counter.add(sections_doc({"deep learning systems 2019"}));
    counter.add(sections_doc({"systems of deep thought 2019"}));
    counter.add(sections_doc({"quantum systems 2019"}));
    CHECK(counter.documents() == 4);
    // "systems" in 4, "deep" in 3, "learning" in 2, the rest in 1; "2019" is a number.
    CHECK(counter.choose(0.5, 10).words() == std::vector<std::string>{"deep", "learning", "systems"});
    CHECK(counter.choose(0.75, 10).words() == std::vector<std::string>{"deep", "systems"});
    CHECK(counter.choose(0.5, 2).words() == std::vector<std::string>{"deep", "systems"});  // the cap keeps the most frequent
    CHECK(counter.choose(0.0, 10).words() == std::vector<std::string>{"deep", "learning", "systems"});  // at least two documents
}

TEST_CASE("pair terms: over the bundled profiles, a pair term is in exactly the documents its phrase matches") {
    const std::vector<Profile> profiles = bundled_profiles();
    REQUIRE(profiles.size() >= 30);
    TempDir dir;
    indexing::PairWords words;
    {
        IndexWriter w(dir / "index");
        indexing::PairWordCounter counter;
        indexing::DocumentBuilder builder(2026);
        for (const auto& p : profiles) counter.add(builder.build(p));
        words = counter.choose(0.25, 60);
        REQUIRE(words.words().size() >= 30);
        indexing::WriterParts::set_pair_words(w, words);
        for (const auto& p : profiles) w.put(p);
        w.commit();
        CHECK_THROWS_AS(indexing::WriterParts::set_pair_words(w, words), Error);  // never once it has documents
    }
    Xapian::Database db((dir / "index").string());
    CHECK(indexing::PairWords::from_metadata(db.get_metadata(std::string(schema::meta_pair_words))).words() == words.words());
    std::size_t pairs = 0, matching = 0;
    for (const auto& a : words.words()) {
        for (const auto& b : words.words()) {
            const std::string term = *indexing::pair_term(a, b);
            std::set<Xapian::docid> by_term(db.postlist_begin(term), db.postlist_end(term));
            Xapian::Enquire e(db);
            const std::vector<std::string> phrase = {a, b};
            e.set_query(Xapian::Query(Xapian::Query::OP_PHRASE, phrase.begin(), phrase.end(), 2));
            std::set<Xapian::docid> by_phrase;
            for (auto m : e.get_mset(0, db.get_doccount())) by_phrase.insert(m);
            CHECK_MESSAGE(by_term == by_phrase, '"' << a << ' ' << b << '"');
            ++pairs;
            if (!by_phrase.empty()) ++matching;
        }
    }
    MESSAGE(pairs << " pairs compared, " << matching << " with matches");
    CHECK(matching > 100);
}

TEST_CASE("pair words: an index keeps the list it was built with, one without a list gets no pair terms") {
    const std::vector<Profile> profiles = bundled_profiles();
    TempDir dir;
    const indexing::PairWords words({"of", "and", "systems", "university", "learning"});
    {
        IndexWriter w(dir / "with");
        indexing::WriterParts::set_pair_words(w, words);
        w.put(profiles[0]);
        w.commit();
    }
    {
        IndexWriter w(dir / "with");  // opened again: the list comes from the metadata
        CHECK(indexing::WriterParts::pair_words(w).words() == words.words());
        for (std::size_t i = 1; i < profiles.size(); ++i) w.put(profiles[i]);
        w.commit();
        CHECK_THROWS_AS(indexing::WriterParts::set_pair_words(w, words), Error);  // not for a published index
    }
    {
        IndexWriter w(dir / "without");
        for (const auto& p : profiles) w.put(p);
        w.commit();
    }
    {
        IndexWriter w(dir / "without");
        CHECK(indexing::WriterParts::pair_words(w).empty());
    }
    Xapian::Database with((dir / "with").string()), without((dir / "without").string());
    CHECK(with.get_doccount() == profiles.size());
    std::size_t with_pairs = 0;
    for (auto t = with.allterms_begin("XP"); t != with.allterms_end("XP"); ++t) with_pairs += t.get_termfreq();
    CHECK(with_pairs > profiles.size());
    CHECK(without.allterms_begin("XP") == without.allterms_end("XP"));
    CHECK(without.get_metadata(std::string(schema::meta_pair_words)).empty());
}
