// Types for wink-porter2-stemmer, which ships none (wink-lemmatizer is loaded with require, typed where it is used).
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
