// snowball-stemmers ships no types: the part of its API the content check uses (ADR 073).
declare module 'snowball-stemmers' {
  const snowball: {
    newStemmer(language: string): { stem(word: string): string };
    algorithms(): string[];
  };
  export default snowball;
}
